/**
 * A fixed clock that is also the process's: the memory rate limiter keeps time by Date.now (rate-limiter-flexible
 * takes no clock), so a test file that moves time past a limit's window or delay fakes Date with the app's clock.
 * Only Date is faked; timers stay real. The suite's setup gives real timers back after each test, so each test
 * fakes Date again at the clock's time.
 */
import { beforeEach, vi } from 'vitest';
import type { Clock } from '../lib/clock.js';

export function frozenClock(start: Date): Clock & { advance(ms: number): void; set(d: Date): void } {
  let current = start.getTime();
  const freeze = () => vi.useFakeTimers({ toFake: ['Date'], now: current });
  freeze();
  beforeEach(freeze);
  return {
    now: () => new Date(current),
    advance(ms) {
      current += ms;
      vi.setSystemTime(current);
    },
    set(d) {
      current = d.getTime();
      vi.setSystemTime(current);
    },
  };
}
