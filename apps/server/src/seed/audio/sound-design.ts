/** Per-track random sound-design parameters (drum tuning, synth timbres, effects). */
import type { Rng } from './prng.js';
import type { SoundDesign, StyleChoice } from './plan-types.js';

export function designSound(rng: Rng, style: StyleChoice, bpm: number): SoundDesign {
  const beatSeconds = 60 / bpm;
  return {
    kick: {
      startHz: rng.range(140, 220),
      endHz: rng.range(42, 56),
      pitchDecay: rng.range(0.025, 0.05),
      ampDecay: style.bassKind === '808' ? rng.range(0.1, 0.16) : rng.range(0.16, 0.3),
      click: rng.range(0.15, 0.45),
    },
    snare: {
      toneHz: rng.range(170, 230),
      toneDecay: rng.range(0.03, 0.07),
      noiseDecay: style.drumStyle === 'half-time' ? rng.range(0.12, 0.2) : rng.range(0.06, 0.12),
      noiseHz: rng.range(1500, 3500),
    },
    clap: { bandHz: rng.range(900, 1600), tailDecay: rng.range(0.05, 0.12) },
    hat: { closedDecay: rng.range(0.018, 0.04), openDecay: rng.range(0.14, 0.3), brightness: rng.range(6500, 9500) },
    bass808: { decay: rng.range(0.5, 1.2), drive: rng.range(1.2, 2.6), glideTime: rng.range(0.04, 0.09) },
    pluckBass: {
      cutoffHz: rng.range(140, 260),
      envHz: rng.range(900, 2400),
      filterDecay: rng.range(0.06, 0.16),
      ampDecay: rng.range(0.18, 0.45),
      resonance: rng.range(0.8, 2.2),
    },
    lead: {
      wave: rng.chance(0.5) ? 'saw' : 'square',
      detuneCents: rng.range(4, 12),
      cutoffHz: rng.range(700, 1600),
      envHz: rng.range(1200, 3500),
      filterDecay: rng.range(0.12, 0.35),
    },
    bell: { ratio: rng.pick([3.5, 2.0, 1.4, 2.76]), index: rng.range(1.2, 2.8), decay: rng.range(0.5, 1.1) },
    pad: { detuneCents: rng.range(6, 16), cutoffHz: rng.range(900, 2200), attack: rng.range(0.15, 0.5), release: rng.range(0.3, 0.6) },
    keys: { index: rng.range(0.8, 2.2), decay: rng.range(0.8, 1.8) },
    fx: {
      delayBeats: rng.pick([0.75, 0.5, 1.5]),
      delayFeedback: rng.range(0.2, 0.4),
      delayWet: style.leadKind === 'soft-pad' ? rng.range(0.1, 0.2) : rng.range(0.18, 0.32),
      reverbWet: rng.range(0.15, 0.3),
      roomSize: Math.min(0.88, rng.range(0.7, 0.86) + beatSeconds * 0.02),
    },
  };
}
