/**
 * Timing check for the seed generator: renders `count` tracks (stems on every other one) and
 * prints wall-clock and CPU time per track plus output sizes. CPU time is the better measure
 * on a busy machine. Run: npx tsx src/seed/audio/bench-tracks.ts [count]
 */
import { generateTrack } from './generate-tracks.js';

const BPMS = [140, 92, 124, 76, 150, 86, 128, 70];

function kb(bytes: number): string {
  return `${(bytes / 1024).toFixed(0)} KB`;
}

function cpuMs(since?: NodeJS.CpuUsage): number {
  const usage = process.cpuUsage(since);
  return (usage.user + usage.system) / 1000;
}

function summarize(label: string, values: readonly number[]): string {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((sum, v) => sum + v, 0) / Math.max(1, values.length);
  return `${label}: mean ${mean.toFixed(0)} ms, median ${(sorted[Math.floor(sorted.length / 2)] ?? 0).toFixed(0)} ms, max ${(sorted[sorted.length - 1] ?? 0).toFixed(0)} ms`;
}

const count = Number(process.argv[2] ?? 24);
const wallTimes: number[] = [];
const cpuTimes: number[] = [];
const wallStart = performance.now();
const cpuStart = process.cpuUsage();
for (let index = 0; index < count; index++) {
  const start = performance.now();
  const cpu = process.cpuUsage();
  const track = await generateTrack(index, { bpm: BPMS[index % BPMS.length] ?? 120, withStems: index % 2 === 0 });
  wallTimes.push(performance.now() - start);
  cpuTimes.push(cpuMs(cpu));
  console.log(
    `#${String(index).padStart(2)} ${String(track.bpm).padStart(3)} bpm ${track.durationSeconds.toFixed(2)} s ` +
      `wall ${(wallTimes.at(-1) ?? 0).toFixed(0).padStart(5)} ms cpu ${(cpuTimes.at(-1) ?? 0).toFixed(0).padStart(5)} ms ` +
      `mp3 ${kb(track.mp3.length)}  wav ${kb(track.wav.length)}` +
      (track.stemsZip ? `  zip ${kb(track.stemsZip.length)}` : ''),
  );
}
console.log(`total: wall ${((performance.now() - wallStart) / 1000).toFixed(2)} s, cpu ${(cpuMs(cpuStart) / 1000).toFixed(2)} s for ${count} tracks`);
console.log(summarize('wall', wallTimes));
console.log(summarize('cpu ', cpuTimes));
