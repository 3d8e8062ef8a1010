import { act, render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Countdown } from './countdown';

const now = new Date('2026-12-08T10:58:58.000Z');
const end = '2026-12-10T12:00:00.000Z'; // 2 days, 1 hour, 1 minute and 2 seconds on

const units = (name: string) =>
  within(screen.getByRole('list', { name }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

/** Lets `ms` pass a tenth of a second at a time, so that each render can set its next timer. */
function pass(ms: number) {
  for (let left = ms; left > 0; left -= 100) act(() => vi.advanceTimersByTime(Math.min(100, left)));
}

describe('the exclusive countdown', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('shows days, hours, minutes and seconds to the end, each with its word', () => {
    render(<Countdown endIso={end} />);
    expect(units('Offer ends in')).toEqual(['02 Days', '01 Hours', '01 Min', '02 Sec']);
  });

  it('ticks every second', () => {
    render(<Countdown endIso={end} />);
    pass(1_100);
    expect(units('Offer ends in')).toEqual(['02 Days', '01 Hours', '01 Min', '01 Sec']);
    pass(2_000);
    expect(units('Offer ends in')).toEqual(['02 Days', '01 Hours', '00 Min', '59 Sec']);
  });

  it('reads 00 everywhere once the end has passed, and tells its end once', () => {
    const onEnd = vi.fn();
    render(<Countdown endIso={new Date(now.getTime() + 2_000).toISOString()} onEnd={onEnd} />);
    expect(units('Offer ends in')).toEqual(['00 Days', '00 Hours', '00 Min', '02 Sec']);
    pass(2_100);
    expect(units('Offer ended')).toEqual(['00 Days', '00 Hours', '00 Min', '00 Sec']);
    expect(onEnd).toHaveBeenCalledTimes(1);
    pass(5_000);
    expect(onEnd).toHaveBeenCalledTimes(1);
  });

  it('shows 00 in all fields for an end already past, without telling an end it did not see', () => {
    const onEnd = vi.fn();
    render(<Countdown endIso="2026-01-01T00:00:00.000Z" onEnd={onEnd} />);
    expect(units('Offer ended')).toEqual(['00 Days', '00 Hours', '00 Min', '00 Sec']);
    expect(onEnd).not.toHaveBeenCalled();
  });
});
