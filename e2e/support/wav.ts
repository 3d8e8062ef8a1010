/** Small WAV files made in the test: 16-bit mono PCM at 44.1 kHz, each sample from `sample(i)` in -1..1 (silence by default). */
export function monoWav(samples: number, sample: (i: number) => number = () => 0): Buffer {
  const rate = 44100;
  const wav = Buffer.alloc(44 + samples * 2);
  wav.write('RIFF', 0, 'latin1');
  wav.writeUInt32LE(36 + samples * 2, 4);
  wav.write('WAVEfmt ', 8, 'latin1');
  wav.writeUInt32LE(16, 16);
  wav.writeUInt16LE(1, 20);
  wav.writeUInt16LE(1, 22);
  wav.writeUInt32LE(rate, 24);
  wav.writeUInt32LE(rate * 2, 28);
  wav.writeUInt16LE(2, 32);
  wav.writeUInt16LE(16, 34);
  wav.write('data', 36, 'latin1');
  wav.writeUInt32LE(samples * 2, 40);
  for (let i = 0; i < samples; i++) wav.writeInt16LE(Math.round(Math.max(-1, Math.min(1, sample(i))) * 32767), 44 + i * 2);
  return wav;
}
