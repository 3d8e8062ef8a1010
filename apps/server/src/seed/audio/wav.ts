/** Float → 16-bit PCM conversion and a minimal RIFF/WAVE (PCM, mono) writer. */

const WAV_HEADER_BYTES = 44;

/** Rounds to 16-bit integers (half up), clamping anything outside [-1, 1]. */
export function floatToPcm16(samples: Float32Array): Int16Array {
  const pcm = new Int16Array(samples.length);
  for (let i = 0; i < samples.length; i++) {
    // Offset to the unsigned range so `| 0` (truncation) rounds; ~3× faster than Math.round.
    const shifted = samples[i]! * 32767 + 32768.5;
    pcm[i] = (shifted <= 0 ? 0 : shifted >= 65535 ? 65535 : shifted | 0) - 32768;
  }
  return pcm;
}

/** 16-bit PCM mono WAV file. */
export function encodeWav(pcm: Int16Array, sampleRate: number): Buffer {
  const channels = 1;
  const bytesPerSample = 2;
  const dataBytes = pcm.length * bytesPerSample;
  const buffer = Buffer.alloc(WAV_HEADER_BYTES + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16); // fmt chunk size
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(channels, 22);
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * channels * bytesPerSample, 28); // byte rate
  buffer.writeUInt16LE(channels * bytesPerSample, 32); // block align
  buffer.writeUInt16LE(16, 34); // bits per sample
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  const view = new DataView(buffer.buffer, buffer.byteOffset, buffer.byteLength);
  for (let i = 0; i < pcm.length; i++) view.setInt16(WAV_HEADER_BYTES + i * 2, pcm[i]!, true);
  return buffer;
}

export interface WavInfo {
  channels: number;
  sampleRate: number;
  bitsPerSample: number;
  /** Samples of the first channel (the file is expected to be 16-bit PCM). */
  samples: Int16Array;
}

/** Parses a canonical 16-bit PCM WAV (as written by encodeWav); throws on anything else. */
export function decodeWav(file: Uint8Array): WavInfo {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  const tag = (offset: number): string => String.fromCharCode(...file.subarray(offset, offset + 4));
  if (tag(0) !== 'RIFF' || tag(8) !== 'WAVE' || tag(12) !== 'fmt ' || tag(36) !== 'data') {
    throw new Error('Not a canonical RIFF/WAVE file');
  }
  const channels = view.getUint16(22, true);
  const bitsPerSample = view.getUint16(34, true);
  if (view.getUint16(20, true) !== 1 || bitsPerSample !== 16) throw new Error('Only 16-bit PCM is supported');
  const dataBytes = view.getUint32(40, true);
  const frames = dataBytes / (2 * channels);
  const samples = new Int16Array(frames);
  for (let i = 0; i < frames; i++) samples[i] = view.getInt16(WAV_HEADER_BYTES + i * 2 * channels, true);
  return { channels, sampleRate: view.getUint32(24, true), bitsPerSample, samples };
}
