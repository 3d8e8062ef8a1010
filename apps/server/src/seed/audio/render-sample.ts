/**
 * Writes tracks 0..3 to /tmp/beat-samples (mp3, wav, stems zip) for listening checks and
 * prints what their MP3 frame headers and WAV headers say.
 * Run: npx tsx src/seed/audio/render-sample.ts [outDir]
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTrack } from './generate-tracks.js';
import { planTrack } from './track-plan.js';
import { summarizeMp3 } from './mp3.js';
import { decodeWav } from './wav.js';

const outDir = process.argv[2] ?? '/tmp/beat-samples';
const SAMPLE_BPMS = [140, 92, 124, 76];

mkdirSync(outDir, { recursive: true });
for (const [index, bpm] of SAMPLE_BPMS.entries()) {
  const start = performance.now();
  const track = await generateTrack(index, { bpm, withStems: true });
  const elapsed = performance.now() - start;
  const plan = planTrack(index, bpm);
  const name = `beat-${String(index).padStart(2, '0')}`;
  writeFileSync(join(outDir, `${name}.mp3`), track.mp3);
  writeFileSync(join(outDir, `${name}.wav`), track.wav);
  if (track.stemsZip) writeFileSync(join(outDir, `${name}-stems.zip`), track.stemsZip);
  const mp3 = summarizeMp3(track.mp3);
  const wav = decodeWav(track.wav);
  console.log(
    `${name}: ${plan.drumStyle}, ${plan.bassKind} bass, ${plan.leadKind}, ${plan.chordKind} chords, ` +
      `${plan.mode} on pitch class ${plan.tonicPitchClass}, progression [${plan.progression.join(' ')}], ${track.bpm} bpm\n` +
      `  generated in ${elapsed.toFixed(0)} ms, duration ${track.durationSeconds.toFixed(2)} s\n` +
      `  mp3 ${track.mp3.length} B: ${mp3.frames} frames, ${mp3.sampleRate} Hz, ${mp3.bitrateKbps} kbps, ` +
      `${mp3.channels} ch, ${mp3.durationSeconds.toFixed(2)} s\n` +
      `  wav ${track.wav.length} B: ${wav.sampleRate} Hz, ${wav.bitsPerSample}-bit, ${wav.channels} ch, ` +
      `${(wav.samples.length / wav.sampleRate).toFixed(2)} s; stems zip ${track.stemsZip?.length ?? 0} B`,
  );
}
console.log(`wrote ${SAMPLE_BPMS.length} tracks to ${outDir}`);
