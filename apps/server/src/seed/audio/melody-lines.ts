/**
 * Melody writing: a motif (2-bar cell, answered and sequenced), chord arpeggios for bells, or
 * slow chord-tone lines for pads. Works in scale degrees, converted to MIDI at the end.
 */
import type { Rng } from './prng.js';
import type { BasePlan, NoteEvent, StepNote } from './plan-types.js';
import { degreeToMidi, nearestChordTone, nextChordTone } from './music-theory.js';
import { chordRootAt, stepToBeat } from './plan-grid.js';

/** Metric weight of a 16th step: downbeats are the likeliest note onsets. */
function onsetWeight(step: number): number {
  if (step % 16 === 0) return 1;
  if (step % 8 === 0) return 0.75;
  if (step % 4 === 0) return 0.55;
  if (step % 2 === 0) return 0.35;
  return 0.15;
}

/** A 2-bar melodic cell over two chords: chord tones on strong beats, steps in between. */
function composeCell(rng: Rng, chordRoots: readonly [number, number], low: number, high: number, density: number): StepNote[] {
  const onsets: number[] = [];
  const restTail = rng.chance(0.6) ? 4 : 0;
  for (let step = 0; step < 32 - restTail; step++) {
    if (step === 0 || rng.chance(Math.min(0.95, onsetWeight(step) * density * 2))) onsets.push(step);
  }
  const notes: StepNote[] = [];
  let degree = nearestChordTone(rng.int(low + 2, high - 2), chordRoots[0]);
  let direction: 1 | -1 = rng.chance(0.5) ? 1 : -1;
  onsets.forEach((step, i) => {
    const root = step < 16 ? chordRoots[0] : chordRoots[1];
    if (i > 0) {
      const previous = degree;
      if (rng.chance(0.25)) direction = direction === 1 ? -1 : 1;
      degree += direction * rng.pick([1, 1, 2]);
      if (degree > high || degree < low) {
        direction = direction === 1 ? -1 : 1;
        degree = Math.min(high, Math.max(low, degree + 2 * direction));
      }
      if (step % 4 === 0) {
        degree = nearestChordTone(degree, root);
        // Keep the line moving: a strong beat moves on to the next chord tone instead of repeating.
        if (degree === previous) degree = nextChordTone(previous, root, direction);
      }
    }
    const nextStep = onsets[i + 1] ?? 32;
    notes.push({ step, length: Math.max(1, Math.min(4, nextStep - step)), degree, velocity: step % 4 === 0 ? 0.9 : 0.75 });
  });
  return notes;
}

/** Re-fit a cell to other chords (optionally shifted): strong-beat notes snap to chord tones. */
function adaptCell(cell: readonly StepNote[], chordRoots: readonly [number, number], shift: number): StepNote[] {
  return cell.map((note) => {
    const root = note.step < 16 ? chordRoots[0] : chordRoots[1];
    const degree = note.degree + shift;
    return { ...note, degree: note.step % 4 === 0 ? nearestChordTone(degree, root) : degree };
  });
}

function motifLine(rng: Rng, progression: readonly number[], low: number, high: number): StepNote[][] {
  const density = rng.range(0.3, 0.5);
  const roots = (bar: number): [number, number] => [chordRootAt(progression, bar), chordRootAt(progression, bar + 1)];
  const cell = composeCell(rng, roots(0), low, high, density);
  const answer = adaptCell(cell, roots(2), 0);
  const sequence = adaptCell(cell, roots(2), rng.pick([2, -2, 1]));
  // Phrase = 4 bars; odd phrases answer with a shifted (sequenced) version of the cell.
  return [cell, answer, cell, sequence];
}

function arpeggioLine(rng: Rng, progression: readonly number[], bpm: number): StepNote[][] {
  const rate = bpm >= 110 ? 2 : 1;
  const order = rng.pick([
    [0, 1, 2, 3],
    [0, 2, 1, 3],
    [3, 2, 1, 0],
    [0, 1, 2, 3, 2, 1],
    [0, 2, 3, 1],
  ]);
  const restMask = Array.from({ length: 16 }, (_, i) => i > 0 && rng.chance(0.2));
  const cells: StepNote[][] = [];
  for (let half = 0; half < 4; half += 2) {
    const cell: StepNote[] = [];
    for (let barInCell = 0; barInCell < 2; barInCell++) {
      const root = chordRootAt(progression, half + barInCell);
      const base = root > 3 ? root - 7 : root;
      const tones = [base, base + 2, base + 4, base + 7];
      for (let step = 0, n = 0; step < 16; step += rate, n++) {
        if (restMask[step]) continue;
        const degree = tones[order[n % order.length] ?? 0] ?? base;
        cell.push({ step: barInCell * 16 + step, length: rate * 0.9, degree, velocity: n % order.length === 0 ? 0.9 : 0.7 });
      }
    }
    cells.push(cell);
  }
  return [cells[0] ?? [], cells[1] ?? [], cells[0] ?? [], cells[1] ?? []];
}

function longToneLine(rng: Rng, progression: readonly number[]): StepNote[][] {
  const cells: StepNote[][] = [];
  let previous = rng.int(4, 7);
  for (let half = 0; half < 4; half += 2) {
    const cell: StepNote[] = [];
    for (let barInCell = 0; barInCell < 2; barInCell++) {
      const root = chordRootAt(progression, half + barInCell);
      const split = rng.chance(0.4);
      for (const [step, length] of split ? [[0, 8], [8, 8]] : [[0, 16]]) {
        const target = previous + rng.pick([-1, 0, 1]);
        previous = Math.min(9, Math.max(2, nearestChordTone(target, root)));
        cell.push({ step: barInCell * 16 + (step ?? 0), length: length ?? 16, degree: previous, velocity: 0.8 });
      }
    }
    cells.push(cell);
  }
  return cells;
}

export function planMelody(rng: Rng, plan: BasePlan): NoteEvent[] {
  const pc = plan.tonicPitchClass;
  let cells: StepNote[][];
  let tonic: number; // MIDI note of the tonic the melody's scale degrees are relative to
  if (plan.leadKind === 'soft-pad') {
    cells = longToneLine(rng, plan.progression);
    tonic = 60 + pc - (pc >= 7 ? 12 : 0);
  } else if (plan.leadKind === 'fm-bell' && rng.chance(0.6)) {
    cells = arpeggioLine(rng, plan.progression, plan.bpm);
    tonic = 60 + pc + (pc < 3 ? 12 : 0);
  } else {
    cells = motifLine(rng, plan.progression, -3, 6);
    tonic = 60 + pc + (pc < 5 ? 12 : 0);
  }
  const events: NoteEvent[] = [];
  // Each cell spans 2 bars; the cycle of cells covers two 4-bar phrases.
  for (let bar = 0; bar < plan.bars; bar += 2) {
    const cell = cells[(bar / 2) % cells.length] ?? [];
    for (const note of cell) {
      const noteBar = bar + Math.floor(note.step / 16);
      if (noteBar >= plan.bars) continue;
      events.push({
        beat: stepToBeat(noteBar, note.step % 16, plan.swing),
        lengthBeats: note.length / 4,
        midi: degreeToMidi(note.degree, plan.mode, tonic),
        velocity: note.velocity,
        glide: false,
      });
    }
  }
  return events;
}
