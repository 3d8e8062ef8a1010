/** The waveform player's arithmetic, kept pure: peaks to bars, a pointer to a time, a key to a time. */
import type { Waveform } from '@beat/shared';

/** Arrow keys move this many seconds (docs/product/screens-and-words.md#beat-page). */
export const KEY_STEP_SECONDS = 5;
/** Page Up / Page Down move a tenth of the track. */
export const PAGE_STEP_FRACTION = 0.1;
/** The quietest bar still shows as a dot, so silence reads as part of the track. */
const MIN_BAR = 0.04;

/**
 * `count` bar heights in 0..1 from waveform-data peaks (min/max pairs in -128..127): each bar is the loudest
 * peak of its share of the pixels, scaled so the loudest bar of the track fills the height.
 */
export function barsFromPeaks(waveform: Pick<Waveform, 'data' | 'length'>, count: number): number[] {
  const pixels = Math.min(waveform.length, Math.floor(waveform.data.length / 2));
  const n = Math.max(1, Math.min(Math.floor(count), pixels));
  if (pixels === 0) return [];
  const bars = new Array<number>(n);
  let loudest = 0;
  for (let i = 0; i < n; i++) {
    const from = Math.floor((i * pixels) / n);
    const to = Math.max(from + 1, Math.floor(((i + 1) * pixels) / n));
    let peak = 0;
    for (let p = from; p < to; p++) {
      peak = Math.max(peak, Math.abs(waveform.data[2 * p] ?? 0), Math.abs(waveform.data[2 * p + 1] ?? 0));
    }
    bars[i] = peak;
    if (peak > loudest) loudest = peak;
  }
  return bars.map((peak) => (loudest === 0 ? MIN_BAR : Math.max(MIN_BAR, peak / loudest)));
}

/** Where a pointer at `clientX` falls on a box from `left` to `left + width`, as a fraction in 0..1. */
export function fractionAt(clientX: number, left: number, width: number): number {
  if (!(width > 0)) return 0;
  return Math.min(1, Math.max(0, (clientX - left) / width));
}

/** The time a key asks for on a track of `duration` seconds at `position`, or null when the key is not the slider's. */
export function timeForKey(key: string, position: number, duration: number): number | null {
  if (!(duration > 0)) return null;
  const clamp = (seconds: number) => Math.min(duration, Math.max(0, seconds));
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return clamp(position + KEY_STEP_SECONDS);
    case 'ArrowLeft':
    case 'ArrowDown':
      return clamp(position - KEY_STEP_SECONDS);
    case 'PageUp':
      return clamp(position + duration * PAGE_STEP_FRACTION);
    case 'PageDown':
      return clamp(position - duration * PAGE_STEP_FRACTION);
    case 'Home':
      return 0;
    case 'End':
      return duration;
    default:
      return null;
  }
}
