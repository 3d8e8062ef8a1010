import { describe, expect, it } from 'vitest';
import { msLeft, timeLeft, untilNextTick } from './use-countdown';

const end = '2026-12-10T12:00:00.000Z';
const at = (iso: string) => new Date(iso).getTime();

describe('the countdown', () => {
  it('splits the time left into days, hours, minutes and seconds, rounding seconds up', () => {
    expect(timeLeft(end, at('2026-12-08T10:58:59.400Z'))).toEqual({ days: 2, hours: 1, minutes: 1, seconds: 1, done: false });
  });

  it('reads zero only once the end has passed, never a second early', () => {
    expect(timeLeft(end, at(end) - 1).done).toBe(false);
    expect(timeLeft(end, at(end) - 1).seconds).toBe(1);
    expect(timeLeft(end, at(end))).toEqual({ days: 0, hours: 0, minutes: 0, seconds: 0, done: true });
  });

  it('treats an unreadable end as ended', () => {
    expect(msLeft('not a date', 0)).toBe(0);
    expect(timeLeft('not a date', 0).done).toBe(true);
  });

  it('ticks when the shown second changes', () => {
    expect(untilNextTick(2_300)).toBe(305);
    expect(untilNextTick(2_000)).toBe(1_005);
    expect(untilNextTick(0)).toBe(0);
  });
});
