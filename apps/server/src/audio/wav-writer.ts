/** Writes interleaved float PCM as a canonical 16-bit PCM WAV file (44-byte header, then the samples). */
export function encodeWavStereo16(pcm: Float32Array, sampleRate: number, channels: number): Buffer {
  if (!Number.isInteger(channels) || channels < 1) throw new RangeError(`channels must be a positive integer, got ${channels}`);
  if (pcm.length % channels !== 0) throw new RangeError('The PCM length is not a whole number of frames.');
  const dataBytes = pcm.length * 2;
  const out = Buffer.alloc(44 + dataBytes);
  out.write('RIFF', 0, 'ascii');
  out.writeUInt32LE(36 + dataBytes, 4);
  out.write('WAVE', 8, 'ascii');
  out.write('fmt ', 12, 'ascii');
  out.writeUInt32LE(16, 16);
  out.writeUInt16LE(1, 20);
  out.writeUInt16LE(channels, 22);
  out.writeUInt32LE(sampleRate, 24);
  out.writeUInt32LE(sampleRate * channels * 2, 28);
  out.writeUInt16LE(channels * 2, 32);
  out.writeUInt16LE(16, 34);
  out.write('data', 36, 'ascii');
  out.writeUInt32LE(dataBytes, 40);
  const samples = new Int16Array(out.buffer, out.byteOffset + 44, pcm.length);
  for (let i = 0; i < pcm.length; i++) {
    const v = Math.round((pcm[i] ?? 0) * 32767);
    samples[i] = v > 32767 ? 32767 : v < -32768 ? -32768 : v;
  }
  return out;
}
