/**
 * Tonal instruments: monophonic lines (808 with glide, plucked saw bass, filtered saw/square lead)
 * and polyphonic note renderers (detuned-saw pad, FM electric keys, FM bell). All of them
 * add into a Float32Array stem.
 */
import type { NoteEvent, SoundDesign } from './plan-types.js';
import { midiToFrequency } from './music-theory.js';
import {
  SAMPLE_RATE,
  StateVariableFilter,
  decayPerSample,
  saturate,
  sawWave,
  sineCycles,
  squareWave,
} from './dsp.js';

/** Filter cutoffs are recomputed every this many samples (tan() is too costly per sample). */
const CONTROL_BLOCK = 32;

export interface Timing {
  bpm: number;
  totalSamples: number;
}

export function beatToSample(beat: number, bpm: number): number {
  return Math.round(((beat * 60) / bpm) * SAMPLE_RATE);
}

/** A note of a monophonic line: sounds from `start`, releases from `gateEnd`, silent at `stop`. */
interface MonoSpan {
  start: number;
  gateEnd: number;
  stop: number;
  frequency: number;
  velocity: number;
  glide: boolean;
}

/** Cuts a note sequence into non-overlapping spans whose releases finish before the next note. */
function toMonoSpans(notes: readonly NoteEvent[], timing: Timing, releaseSeconds: number): MonoSpan[] {
  const release = Math.round(releaseSeconds * SAMPLE_RATE);
  const spans: MonoSpan[] = [];
  notes.forEach((note, i) => {
    const start = Math.min(timing.totalSamples, beatToSample(note.beat, timing.bpm));
    const next = notes[i + 1];
    const nextStart = next ? Math.min(timing.totalSamples, beatToSample(next.beat, timing.bpm)) : timing.totalSamples;
    const noteEnd = start + beatToSample(note.lengthBeats, timing.bpm);
    if (next?.glide) {
      spans.push({ start, gateEnd: nextStart, stop: nextStart, frequency: midiToFrequency(note.midi), velocity: note.velocity, glide: note.glide });
      return;
    }
    const stop = Math.min(nextStart, noteEnd + release);
    const gateEnd = Math.max(start, Math.min(noteEnd, stop - release));
    spans.push({ start, gateEnd, stop, frequency: midiToFrequency(note.midi), velocity: note.velocity, glide: note.glide });
  });
  return spans;
}

/** Linear release factor that reaches exactly 0 at `stop`. */
function releaseFactor(i: number, span: MonoSpan): number {
  return i < span.gateEnd ? 1 : (span.stop - i) / Math.max(1, span.stop - span.gateEnd);
}

/** Sine 808 with saturation, a short pitch "punch" and exponential glides between notes. */
export function render808(out: Float32Array, notes: readonly NoteEvent[], timing: Timing, p: SoundDesign['bass808']): void {
  const ampDecay = decayPerSample(p.decay);
  const glideDecay = decayPerSample(p.glideTime);
  const punchDecay = decayPerSample(0.015);
  const attack = Math.round(0.003 * SAMPLE_RATE);
  const normalize = 1 / saturate(p.drive);
  let phase = 0;
  let amp = 0;
  let currentFrequency = 0;
  for (const span of toMonoSpans(notes, timing, 0.04)) {
    const sliding = span.glide && amp > 1e-3 && currentFrequency > 0;
    let glideOffset = sliding ? currentFrequency - span.frequency : 0;
    let punch = sliding ? 0 : span.frequency * 0.8;
    if (!sliding) amp = span.velocity;
    for (let i = span.start; i < span.stop; i++) {
      phase += (span.frequency + glideOffset + punch) / SAMPLE_RATE;
      if (phase >= 1) phase -= 1;
      const ramp = sliding || i - span.start >= attack ? 1 : (i - span.start) / attack;
      const sample = saturate(p.drive * sineCycles(phase)) * normalize;
      out[i] = out[i]! + sample * amp * ramp * releaseFactor(i, span);
      amp *= ampDecay;
      glideOffset *= glideDecay;
      punch *= punchDecay;
    }
    currentFrequency = span.frequency + glideOffset;
  }
}

/** Saw + sub-sine bass through a resonant low-pass whose cutoff snaps open on every note. */
export function renderPluckBass(out: Float32Array, notes: readonly NoteEvent[], timing: Timing, p: SoundDesign['pluckBass']): void {
  const filter = new StateVariableFilter(p.cutoffHz, p.resonance);
  const ampDecay = decayPerSample(p.ampDecay);
  const filterDecayPerBlock = Math.pow(decayPerSample(p.filterDecay), CONTROL_BLOCK);
  const attack = Math.round(0.003 * SAMPLE_RATE);
  let phase = 0;
  for (const span of toMonoSpans(notes, timing, 0.03)) {
    const increment = span.frequency / SAMPLE_RATE;
    let amp = span.velocity;
    let envelope = span.velocity;
    for (let i = span.start; i < span.stop; i++) {
      const t = i - span.start;
      if (t % CONTROL_BLOCK === 0) {
        filter.setCutoff(p.cutoffHz + p.envHz * envelope, p.resonance);
        envelope *= filterDecayPerBlock;
      }
      phase += increment;
      if (phase >= 1) phase -= 1;
      const source = 0.6 * sawWave(phase, increment) + 0.5 * sineCycles(phase);
      const ramp = t >= attack ? 1 : t / attack;
      out[i] = out[i]! + filter.lowpass(source) * amp * ramp * releaseFactor(i, span);
      amp *= ampDecay;
    }
  }
}

/** Two detuned saw or square oscillators, delayed vibrato, enveloped low-pass. */
export function renderLead(out: Float32Array, notes: readonly NoteEvent[], timing: Timing, p: SoundDesign['lead']): void {
  const filter = new StateVariableFilter(p.cutoffHz, 1.1);
  const detune = Math.pow(2, p.detuneCents / 1200);
  const filterDecayPerBlock = Math.pow(decayPerSample(p.filterDecay), CONTROL_BLOCK);
  const sustainDecay = decayPerSample(0.25);
  const attack = Math.round(0.008 * SAMPLE_RATE);
  const vibratoDelay = Math.round(0.25 * SAMPLE_RATE);
  const vibratoRate = 5.2 / SAMPLE_RATE;
  const oscillator = p.wave === 'saw' ? sawWave : squareWave;
  const level = p.wave === 'saw' ? 0.5 : 0.38;
  let phaseA = 0;
  let phaseB = 0.37;
  for (const span of toMonoSpans(notes, timing, 0.06)) {
    let envelope = 1;
    let decay = 1;
    for (let i = span.start; i < span.stop; i++) {
      const t = i - span.start;
      if (t % CONTROL_BLOCK === 0) {
        filter.setCutoff(p.cutoffHz + p.envHz * envelope, 1.1);
        envelope *= filterDecayPerBlock;
      }
      const vibrato = t > vibratoDelay ? 1 + 0.006 * sineCycles((t - vibratoDelay) * vibratoRate) : 1;
      const incrementA = (span.frequency * vibrato * detune) / SAMPLE_RATE;
      const incrementB = (span.frequency * vibrato) / detune / SAMPLE_RATE;
      phaseA += incrementA;
      if (phaseA >= 1) phaseA -= 1;
      phaseB += incrementB;
      if (phaseB >= 1) phaseB -= 1;
      const source = (oscillator(phaseA, incrementA) + oscillator(phaseB, incrementB)) * level;
      const ramp = t >= attack ? 1 : t / attack;
      const amp = span.velocity * (0.7 + 0.3 * decay) * ramp * releaseFactor(i, span);
      out[i] = out[i]! + filter.lowpass(source) * amp;
      decay *= sustainDecay;
    }
  }
}

/** Where a polyphonic note sounds, in samples; the release tail may overlap later notes. */
interface PolySpan {
  start: number;
  gateEnd: number;
  stop: number;
  frequency: number;
  velocity: number;
}

function toPolySpan(note: NoteEvent, timing: Timing, releaseSeconds: number, maxGateSeconds = Infinity): PolySpan {
  const start = beatToSample(note.beat, timing.bpm);
  const gate = Math.min(beatToSample(note.lengthBeats, timing.bpm), Math.round(maxGateSeconds * SAMPLE_RATE));
  const gateEnd = Math.min(timing.totalSamples, start + gate);
  const stop = Math.min(timing.totalSamples, gateEnd + Math.round(releaseSeconds * SAMPLE_RATE));
  return { start, gateEnd, stop, frequency: midiToFrequency(note.midi), velocity: note.velocity };
}

/**
 * Soft pad voice: two detuned saws with slow attack and linear release. Not filtered here —
 * the whole pad stem is low-passed once afterwards (cheaper, and identical since filtering is linear).
 */
export function renderPadNote(out: Float32Array, note: NoteEvent, timing: Timing, p: SoundDesign['pad']): void {
  const span = toPolySpan(note, timing, p.release);
  const detune = Math.pow(2, p.detuneCents / 1200);
  const incrementA = (span.frequency * detune) / SAMPLE_RATE;
  const incrementB = span.frequency / detune / SAMPLE_RATE;
  const attackStep = 1 / Math.max(1, Math.round(p.attack * SAMPLE_RATE));
  const releaseStep = 1 / Math.max(1, span.stop - span.gateEnd);
  const level = span.velocity * 0.4;
  let phaseA = 0;
  let phaseB = 0.5;
  for (let i = span.start; i < span.stop; i++) {
    phaseA += incrementA;
    if (phaseA >= 1) phaseA -= 1;
    phaseB += incrementB;
    if (phaseB >= 1) phaseB -= 1;
    const source = sawWave(phaseA, incrementA) + sawWave(phaseB, incrementB);
    const ramp = Math.min(1, (i - span.start) * attackStep);
    const release = i < span.gateEnd ? 1 : (span.stop - i) * releaseStep;
    out[i] = out[i]! + source * level * ramp * release;
  }
}

/**
 * Two-operator FM voice (phase modulation): used for electric keys (ratio 1) and bells
 * (inharmonic ratios). The modulation index decays faster than the amplitude.
 */
function renderFmNote(
  out: Float32Array,
  span: PolySpan,
  ratio: number,
  index: number,
  indexDecaySeconds: number,
  ampDecaySeconds: number,
  level: number,
): void {
  const carrierIncrement = span.frequency / SAMPLE_RATE;
  const modulatorIncrement = carrierIncrement * ratio;
  // Keep the FM sidebands (≈ carrier + (index + 1) · modulator) below ~14 kHz so high notes don't alias.
  const maxIndex = Math.max(0.3, (14000 - span.frequency) / (span.frequency * ratio) - 1);
  const ampDecay = decayPerSample(ampDecaySeconds);
  const indexDecay = decayPerSample(indexDecaySeconds);
  const attackStep = 1 / Math.round(0.002 * SAMPLE_RATE);
  const releaseStep = 1 / Math.max(1, span.stop - span.gateEnd);
  // Stop once the voice has decayed below -60 dB.
  const audibleEnd = Math.min(span.stop, span.start + Math.round(ampDecaySeconds * Math.log(1000) * SAMPLE_RATE));
  let carrier = 0;
  let modulator = 0;
  let amp = span.velocity * level;
  let modulation = Math.min(index, maxIndex) / (2 * Math.PI);
  for (let i = span.start; i < audibleEnd; i++) {
    carrier += carrierIncrement;
    modulator += modulatorIncrement;
    const sample = sineCycles(carrier + (modulation + 0.03) * sineCycles(modulator));
    const ramp = Math.min(1, (i - span.start) * attackStep);
    const release = i < span.gateEnd ? 1 : (span.stop - i) * releaseStep;
    out[i] = out[i]! + sample * amp * ramp * release;
    amp *= ampDecay;
    modulation *= indexDecay;
  }
}

export function renderKeysNote(out: Float32Array, note: NoteEvent, timing: Timing, p: SoundDesign['keys']): void {
  renderFmNote(out, toPolySpan(note, timing, 0.12), 1, p.index, 0.35, p.decay, 0.32);
}

export function renderBellNote(out: Float32Array, note: NoteEvent, timing: Timing, p: SoundDesign['bell']): void {
  // Bells ring past short notes, but cap the ring to keep rendering cheap.
  const ringBeats = Math.max(note.lengthBeats, (p.decay * timing.bpm) / 60);
  const span = toPolySpan({ ...note, lengthBeats: ringBeats }, timing, 0.25, 1.2);
  renderFmNote(out, span, p.ratio, p.index, p.decay * 0.35, p.decay, 0.4);
}
