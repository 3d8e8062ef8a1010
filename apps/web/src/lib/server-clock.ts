/**
 * The server's clock as this page knows it (docs/product/offers-and-prices.md#countdown): every API response carries
 * the server's time in milliseconds (X-Server-Time), set as the response is sent. The offset to the device's clock is
 * taken from the response with the shortest round trip (the most precise), renewed now and then; countdowns run on it,
 * so a device whose clock is minutes off still ends them with the server.
 */
import { createContext, useContext } from 'react';

export const SERVER_TIME_HEADER = 'X-Server-Time';

interface Sample {
  /** serverTime - deviceTime at the moment the response arrived (half the round trip added). */
  offset: number;
  /** Half the round trip: how far the offset may be off either way. */
  uncertainty: number;
  takenAt: number;
}

/** A sample older than this gives way to any newer one (the device's clock may drift or be changed). */
const SAMPLE_MAX_AGE_MS = 60_000;

let best: Sample | null = null;
const listeners = new Set<() => void>();

/** Takes in one response's X-Server-Time; `sentAt` and `receivedAt` are the device's clock around the request. */
export function noteServerTime(header: string | null, sentAt: number, receivedAt: number): void {
  const server = header === null ? NaN : Number(header);
  if (!Number.isFinite(server) || receivedAt < sentAt) return;
  const half = (receivedAt - sentAt) / 2;
  const sample = { offset: server + half - receivedAt, uncertainty: half, takenAt: receivedAt };
  if (best && best.uncertainty < sample.uncertainty && receivedAt - best.takenAt < SAMPLE_MAX_AGE_MS) return;
  const moved = !best || Math.abs(best.offset - sample.offset) > 250;
  best = sample;
  if (moved) listeners.forEach((listener) => listener());
}

/** The server's time now, as well as this page knows it. */
export function serverNow(): number {
  return Date.now() + (best?.offset ?? 0);
}

/**
 * The earliest the server's time can be now: an end is shown as passed only once it has passed even if the
 * measured offset is off by its whole uncertainty, so a countdown never reaches zero early.
 */
export function serverNowAtLeast(): number {
  return serverNow() - (best?.uncertainty ?? 0);
}

/** The latest the server's time can be now: what closes an offer, so it is closed by its end at the latest. */
export function serverNowAtMost(): number {
  return serverNow() + (best?.uncertainty ?? 0);
}

/** Called when a new measurement moves the offset noticeably (countdowns re-time their next tick). */
export function onServerClockChange(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The server's time a server-rendered page was rendered at (lib/app-state.ts), or null. A countdown starts from it, so
 * the value it hydrates with is the value the server rendered; right after, it moves on to the clock's time.
 */
export const PageTimeContext = createContext<number | null>(null);

/** The time a countdown first renders with: the page's render time if there is one, else the server's time now. */
export function usePageTime(): number | null {
  return useContext(PageTimeContext);
}
