/**
 * Drum programming per style (trap, boom-bap, four-on-the-floor, half-time): kick/backbeat/
 * hi-hat patterns with phrase variations, hi-hat rolls, fills, crashes and the intro.
 */
import type { Rng } from './prng.js';
import type { DrumHit, DrumSound, DrumStyle } from './plan-types.js';
import { STEPS_PER_BAR, pickSome, sortedUnique, stepToBeat } from './plan-grid.js';

function kickPattern(rng: Rng, style: DrumStyle): number[] {
  switch (style) {
    case 'trap':
      return sortedUnique([0, ...pickSome(rng, [3, 6, 7, 10, 11, 14], rng.int(2, 3))]);
    case 'half-time':
      return sortedUnique([0, ...pickSome(rng, [3, 6, 10, 11, 14], rng.int(1, 2))]);
    case 'boom-bap':
      return sortedUnique([0, rng.pick([7, 10]), ...pickSome(rng, [3, 9, 10, 13], 1)]);
    case 'four-on-the-floor':
      return [0, 4, 8, 12];
  }
}

/** Variation used on the last bar of each 4-bar phrase. */
function varyKickPattern(rng: Rng, style: DrumStyle, base: readonly number[]): number[] {
  if (style === 'four-on-the-floor') return rng.chance(0.5) ? [0, 4, 8, 12, 14] : [0, 4, 8, 12];
  const extra = rng.pick([5, 9, 13, 15].filter((s) => !base.includes(s)));
  return sortedUnique([...base, extra]);
}

function backbeat(style: DrumStyle): { sound: DrumSound; steps: number[] } {
  switch (style) {
    case 'trap':
      return { sound: 'clap', steps: [8] };
    case 'half-time':
      return { sound: 'snare', steps: [8] };
    case 'boom-bap':
      return { sound: 'snare', steps: [4, 12] };
    case 'four-on-the-floor':
      return { sound: 'clap', steps: [4, 12] };
  }
}

interface StepHit {
  step: number;
  sound: DrumSound;
  velocity: number;
}

/** A hi-hat roll: `count` evenly spaced hits across `span` steps starting at `step`. */
function hatRoll(step: number, span: number, count: number, velocity: number): StepHit[] {
  const hits: StepHit[] = [];
  for (let i = 0; i < count; i++) {
    hits.push({ step: step + (span * i) / count, sound: 'hat', velocity: velocity * (0.6 + (0.4 * i) / count) });
  }
  return hits;
}

function hatPattern(rng: Rng, style: DrumStyle): StepHit[] {
  const hits: StepHit[] = [];
  if (style === 'trap') {
    const division = rng.chance(0.5) ? 1 : 2;
    const rollSlots = pickSome(rng, division === 1 ? [3, 6, 7, 11, 14] : [2, 6, 10, 14], rng.int(1, 3));
    for (let step = 0; step < STEPS_PER_BAR; step += division) {
      if (!rollSlots.includes(step)) {
        hits.push({ step, sound: 'hat', velocity: step % 4 === 0 ? 0.85 : 0.6 });
        continue;
      }
      // 16th triplets over an 8th, or 32nd notes over the grid slot.
      const triplet = rng.chance(0.5);
      const span = triplet ? 2 : division;
      hits.push(...hatRoll(step, span, triplet ? 3 : 2 * division, 0.75));
      step += span - division;
    }
    if (rng.chance(0.4)) hits.push({ step: 14, sound: 'open-hat', velocity: 0.45 });
    return hits;
  }
  if (style === 'four-on-the-floor') {
    for (let step = 0; step < STEPS_PER_BAR; step++) {
      if (step % 4 === 2) hits.push({ step, sound: 'open-hat', velocity: 0.6 });
      else hits.push({ step, sound: 'hat', velocity: step % 4 === 0 ? 0.45 : 0.3 });
    }
    return hits;
  }
  const sixteenths = style === 'boom-bap' && rng.chance(0.35);
  for (let step = 0; step < STEPS_PER_BAR; step += sixteenths ? 1 : 2) {
    const accent = step % 4 === 0 ? 0.8 : step % 2 === 0 ? 0.55 : 0.35;
    hits.push({ step, sound: 'hat', velocity: accent });
  }
  if (rng.chance(0.5)) hits.push({ step: 14, sound: 'open-hat', velocity: 0.4 });
  return hits;
}

function fillHits(rng: Rng, style: DrumStyle): StepHit[] {
  switch (style) {
    case 'trap':
      return hatRoll(12, 4, rng.pick([8, 12]), 0.8);
    case 'four-on-the-floor':
      return [12, 13, 14, 15].map((step, i) => ({ step, sound: 'clap' as const, velocity: 0.35 + i * 0.15 }));
    case 'boom-bap':
    case 'half-time':
      return [13, 14, 15].map((step, i) => ({ step, sound: 'snare' as const, velocity: 0.35 + i * 0.15 }));
  }
}

export interface DrumPlan {
  hits: DrumHit[];
  /** Kick steps of each bar (empty during the intro); the bass follows them. */
  kickStepsByBar: number[][];
}

export function planDrums(rng: Rng, style: DrumStyle, bars: number, introBars: number, swing: number): DrumPlan {
  const kickA = kickPattern(rng, style);
  const kickB = varyKickPattern(rng, style, kickA);
  const hatsA = hatPattern(rng, style);
  const hatsB = style === 'trap' ? hatPattern(rng, style) : hatsA;
  const snare = backbeat(style);
  const ghostStep = style === 'boom-bap' || style === 'half-time' ? rng.pick([7, 15, 14, -1]) : -1;
  const fill = fillHits(rng, style);
  const hatsInIntro = style === 'trap' || style === 'four-on-the-floor';

  const hits: DrumHit[] = [];
  const kickStepsByBar: number[][] = [];
  for (let bar = 0; bar < bars; bar++) {
    const stepHits: StepHit[] = [];
    const isIntro = bar < introBars;
    const phraseEnd = bar % 4 === 3;
    const isFillBar = !isIntro && (bar % 8 === 7 || bar === bars - 1);
    const kicks = isIntro ? [] : phraseEnd ? kickB : kickA;
    kickStepsByBar.push(kicks);
    if (!isIntro || hatsInIntro) stepHits.push(...(phraseEnd ? hatsB : hatsA));
    if (!isIntro) {
      stepHits.push(...kicks.map((step) => ({ step, sound: 'kick' as const, velocity: step === 0 ? 1 : 0.85 })));
      stepHits.push(...snare.steps.map((step) => ({ step, sound: snare.sound, velocity: 0.9 })));
      if (ghostStep >= 0) stepHits.push({ step: ghostStep, sound: 'snare', velocity: 0.3 });
      if (isFillBar) stepHits.push(...fill);
      if (bar === introBars || (bar - introBars) % 8 === 0) stepHits.push({ step: 0, sound: 'crash', velocity: 0.55 });
    }
    for (const hit of stepHits) {
      const humanize = hit.sound === 'kick' || hit.sound === 'crash' ? 1 : rng.range(0.88, 1.06);
      hits.push({ beat: stepToBeat(bar, hit.step, swing), sound: hit.sound, velocity: Math.min(1, hit.velocity * humanize) });
    }
  }
  return { hits, kickStepsByBar };
}
