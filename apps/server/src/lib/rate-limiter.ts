/**
 * Fixed-window counters and growing delays kept in memory. One server process owns its counters; the
 * limits are configuration (RATE_LIMIT_SCALE multiplies the scalable ones, docs/product/limits.md).
 * Callers only name a rule and a key, so the counters can move to a shared store without changing them.
 */
import type { Clock } from './clock.js';
import { tooManyRequests } from './errors.js';

export interface LimitRule {
  /** What the limit protects, for the message: "login attempts". */
  name: string;
  max: number;
  windowMs: number;
  /** Per-account attempt limits do not scale (docs/product/limits.md#what-does-not-scale). */
  scales: boolean;
}

/**
 * A growing delay instead of a lock-out: the first `free` tries run back to back; after them each failure
 * makes the next try wait (firstDelayMs, then twice as long each time, at most maxDelayMs). Failures are
 * forgotten forgetMs after the last one, or at once by reset() (a success). Never scales.
 */
export interface BackoffRule {
  /** What is slowed down, for the message: "failed logins for this account". */
  name: string;
  free: number;
  firstDelayMs: number;
  maxDelayMs: number;
  forgetMs: number;
  /** A sentence after the 429's message: what else the person can do. */
  advice?: string;
}

interface Window {
  count: number;
  resetAt: number;
}

interface Backoff {
  failures: number;
  /** No try may start before this moment. */
  nextAt: number;
  forgetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly backoffs = new Map<string, Backoff>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly scale: number,
  ) {}

  private maxFor(rule: LimitRule): number {
    return rule.scales ? Math.max(1, Math.floor(rule.max * this.scale)) : rule.max;
  }

  private window(rule: LimitRule, key: string): Window {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const id = `${rule.name}:${key}`;
    let w = this.windows.get(id);
    if (!w || w.resetAt <= now) {
      w = { count: 0, resetAt: now + rule.windowMs };
      this.windows.set(id, w);
    }
    return w;
  }

  /** Counts one attempt; throws 429 once the window's budget is spent. */
  hit(rule: LimitRule, key: string): void {
    const w = this.window(rule, key);
    if (w.count >= this.maxFor(rule)) this.refuse(rule, w);
    w.count += 1;
  }

  /** Throws 429 if the budget is spent, without counting (for limits counted only on failure). */
  check(rule: LimitRule, key: string): void {
    const w = this.window(rule, key);
    if (w.count >= this.maxFor(rule)) this.refuse(rule, w);
  }

  /** Counts one attempt without checking (the failure that check() will later refuse). */
  record(rule: LimitRule, key: string): void {
    this.window(rule, key).count += 1;
  }

  /** Forgets the key's count (a window) or its failures (a backoff). */
  reset(rule: LimitRule | BackoffRule, key: string): void {
    this.windows.delete(`${rule.name}:${key}`);
    this.backoffs.delete(`${rule.name}:${key}`);
  }

  /**
   * One try under a growing delay: throws 429 while the delay runs, otherwise counts the try as a failure
   * at once (before the caller's check, so parallel tries cannot share one free slot). A success calls
   * reset(), which takes it back.
   */
  attempt(rule: BackoffRule, key: string): void {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const id = `${rule.name}:${key}`;
    let b = this.backoffs.get(id);
    if (!b || b.forgetAt <= now) {
      b = { failures: 0, nextAt: 0, forgetAt: 0 };
      this.backoffs.set(id, b);
    }
    if (now < b.nextAt) this.refuseUntil(rule.name, b.nextAt, rule.advice);
    b.failures += 1;
    const beyond = b.failures - rule.free;
    if (beyond >= 0) b.nextAt = now + Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(beyond, 30));
    b.forgetAt = now + rule.forgetMs;
  }

  private refuse(rule: LimitRule, w: Window): never {
    this.refuseUntil(rule.name, w.resetAt);
  }

  private refuseUntil(name: string, until: number, advice?: string): never {
    const seconds = (until - this.clock.now().getTime()) / 1000;
    const whole = Math.max(1, Math.ceil(seconds));
    const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${whole} second${whole === 1 ? '' : 's'}`;
    throw tooManyRequests(`Too many ${name}. Please try again in ${wait}.${advice ? ` ${advice}` : ''}`, seconds);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, w] of this.windows) if (w.resetAt <= now) this.windows.delete(id);
    for (const [id, b] of this.backoffs) if (b.forgetAt <= now) this.backoffs.delete(id);
  }
}
