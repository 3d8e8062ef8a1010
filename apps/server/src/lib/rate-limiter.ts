/**
 * Fixed-window counters and growing delays (docs/product/limits.md). Callers name a rule and a key; where the
 * counts live is the limiter's business: this process's memory (MemoryRateLimiter, below) or, with REDIS_URL, one
 * Redis shared by every server process (redis-rate-limiter.ts). The limits are configuration: RATE_LIMIT_SCALE
 * multiplies the scalable ones.
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

/** Every method throws the 429 (with Retry-After) of a spent budget; a shared store out of reach throws 503. */
export interface RateLimiter {
  readonly kind: 'memory' | 'redis';
  /** Counts one attempt; throws 429 once the window's budget is spent. */
  hit(rule: LimitRule, key: string): Promise<void>;
  /** Throws 429 if the budget is spent, without counting (for limits counted only on failure). */
  check(rule: LimitRule, key: string): Promise<void>;
  /** Counts one attempt without checking (the failure that check() will later refuse). */
  record(rule: LimitRule, key: string): Promise<void>;
  /** Forgets the key's count (a window) or its failures (a backoff). */
  reset(rule: LimitRule | BackoffRule, key: string): Promise<void>;
  /**
   * One try under a growing delay: throws 429 while the delay runs, otherwise counts the try as a failure
   * at once (before the caller's check, so parallel tries cannot share one free slot). A success calls
   * reset(), which takes it back.
   */
  attempt(rule: BackoffRule, key: string): Promise<void>;
  /** Resolves once the store answers (start-up); the memory store always does. */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** A rule's budget under RATE_LIMIT_SCALE. */
export function budgetOf(rule: LimitRule, scale: number): number {
  return rule.scales ? Math.max(1, Math.floor(rule.max * scale)) : rule.max;
}

/** The next wait of a growing delay after `failures` counted failures, or 0 while tries are still free. */
export function backoffDelayMs(rule: BackoffRule, failures: number): number {
  const beyond = failures - rule.free;
  return beyond >= 0 ? Math.min(rule.maxDelayMs, rule.firstDelayMs * 2 ** Math.min(beyond, 30)) : 0;
}

/** The 429 of a spent budget: what was limited and how long to wait. */
export function refusal(name: string, waitMs: number, advice?: string): never {
  const seconds = waitMs / 1000;
  const whole = Math.max(1, Math.ceil(seconds));
  const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${whole} second${whole === 1 ? '' : 's'}`;
  throw tooManyRequests(`Too many ${name}. Please try again in ${wait}.${advice ? ` ${advice}` : ''}`, seconds);
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

/** The counts of one server process, on its clock (a fixed clock in tests). */
export class MemoryRateLimiter implements RateLimiter {
  readonly kind = 'memory';
  private readonly windows = new Map<string, Window>();
  private readonly backoffs = new Map<string, Backoff>();
  private lastSweep = 0;

  constructor(
    private readonly clock: Clock,
    private readonly scale: number,
  ) {}

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

  private refuseIfSpent(rule: LimitRule, w: Window): void {
    if (w.count >= budgetOf(rule, this.scale)) refusal(rule.name, w.resetAt - this.clock.now().getTime());
  }

  async hit(rule: LimitRule, key: string): Promise<void> {
    const w = this.window(rule, key);
    this.refuseIfSpent(rule, w);
    w.count += 1;
  }

  async check(rule: LimitRule, key: string): Promise<void> {
    this.refuseIfSpent(rule, this.window(rule, key));
  }

  async record(rule: LimitRule, key: string): Promise<void> {
    this.window(rule, key).count += 1;
  }

  async reset(rule: LimitRule | BackoffRule, key: string): Promise<void> {
    this.windows.delete(`${rule.name}:${key}`);
    this.backoffs.delete(`${rule.name}:${key}`);
  }

  async attempt(rule: BackoffRule, key: string): Promise<void> {
    const now = this.clock.now().getTime();
    this.sweep(now);
    const id = `${rule.name}:${key}`;
    let b = this.backoffs.get(id);
    if (!b || b.forgetAt <= now) {
      b = { failures: 0, nextAt: 0, forgetAt: 0 };
      this.backoffs.set(id, b);
    }
    if (now < b.nextAt) refusal(rule.name, b.nextAt - now, rule.advice);
    b.failures += 1;
    const delay = backoffDelayMs(rule, b.failures);
    if (delay > 0) b.nextAt = now + delay;
    b.forgetAt = now + rule.forgetMs;
  }

  async ready(): Promise<void> {}

  async close(): Promise<void> {}

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, w] of this.windows) if (w.resetAt <= now) this.windows.delete(id);
    for (const [id, b] of this.backoffs) if (b.forgetAt <= now) this.backoffs.delete(id);
  }
}
