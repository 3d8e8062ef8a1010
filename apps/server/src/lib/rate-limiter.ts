/**
 * Fixed-window counts and growing delays (docs/product/limits.md). Callers name a rule and a key; where the counts
 * live is the limiter's business: this process's memory (MemoryRateLimiter, below) or, with REDIS_URL, one Redis
 * shared by every server process (redis-rate-limiter.ts). Windows are rate-limiter-flexible's limiters in both;
 * growing delays are ours, since no limiter of that package doubles a wait after free tries. The limits are
 * configuration: RATE_LIMIT_SCALE multiplies the scalable ones.
 */
import type { RateLimiterAbstract } from 'rate-limiter-flexible';
// The one file, not the package's index, which loads every store's limiter (ten megabytes; docs/decisions/0029-start-up.md).
import RateLimiterMemory from 'rate-limiter-flexible/lib/RateLimiterMemory.js';
import { tooManyRequests } from './errors.js';

export interface LimitRule {
  /** What the limit protects, for the message: "login attempts". */
  name: string;
  max: number;
  /** A whole number of seconds: the package counts windows in seconds. */
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

export interface WindowOptions {
  keyPrefix: string;
  points: number;
  /** Seconds. */
  duration: number;
}

/** The windows of both stores, through one rate-limiter-flexible limiter per rule; the delays are the store's own. */
export abstract class WindowedRateLimiter implements RateLimiter {
  abstract readonly kind: 'memory' | 'redis';
  private readonly windows = new Map<string, RateLimiterAbstract>();

  constructor(protected readonly scale: number) {}

  /** The package's limiter for one rule's windows, in this store. */
  protected abstract createWindow(options: WindowOptions): RateLimiterAbstract;
  /** The key prefix of a rule's windows or delays. */
  protected abstract prefixOf(kind: 'window' | 'backoff', rule: LimitRule | BackoffRule): string;
  /** Runs one call to the store: the Redis limiter answers 503 when its store is out of reach. */
  protected abstract run<T>(work: () => Promise<T>): Promise<T>;
  /** Forgets a key's failures under a growing delay. */
  protected abstract forget(rule: BackoffRule, key: string): Promise<void>;
  abstract attempt(rule: BackoffRule, key: string): Promise<void>;
  abstract ready(): Promise<void>;
  abstract close(): Promise<void>;

  private windowFor(rule: LimitRule): RateLimiterAbstract {
    const id = `${rule.name}|${rule.max}|${rule.windowMs}|${rule.scales}`;
    let limiter = this.windows.get(id);
    if (!limiter) {
      limiter = this.createWindow({
        keyPrefix: this.prefixOf('window', rule),
        points: budgetOf(rule, this.scale),
        duration: Math.max(1, Math.ceil(rule.windowMs / 1000)),
      });
      this.windows.set(id, limiter);
    }
    return limiter;
  }

  async hit(rule: LimitRule, key: string): Promise<void> {
    await this.run(async () => {
      try {
        await this.windowFor(rule).consume(key);
      } catch (outcome) {
        // The package rejects with an Error when its store fails, with the window's state when the budget is spent.
        if (outcome instanceof Error) throw outcome;
        refusal(rule.name, (outcome as { msBeforeNext: number }).msBeforeNext);
      }
    });
  }

  async check(rule: LimitRule, key: string): Promise<void> {
    await this.run(async () => {
      const used = await this.windowFor(rule).get(key);
      // The memory store keeps an ended window until its timer removes it: msBeforeNext tells it apart.
      if (used && used.msBeforeNext > 0 && used.consumedPoints >= budgetOf(rule, this.scale)) refusal(rule.name, used.msBeforeNext);
    });
  }

  async record(rule: LimitRule, key: string): Promise<void> {
    await this.run(() => this.windowFor(rule).penalty(key, 1));
  }

  async reset(rule: LimitRule | BackoffRule, key: string): Promise<void> {
    await this.run(async () => {
      if ('windowMs' in rule) await this.windowFor(rule).delete(key);
      else await this.forget(rule, key);
    });
  }
}

interface Backoff {
  failures: number;
  /** No try may start before this moment. */
  nextAt: number;
  forgetAt: number;
}

/**
 * The counts of one server process. Time is the process's (Date.now), as in the package's memory limiter: tests
 * that move time past a window fake Date (test/frozen-clock.ts).
 */
export class MemoryRateLimiter extends WindowedRateLimiter {
  readonly kind = 'memory';
  private readonly backoffs = new Map<string, Backoff>();
  private lastSweep = 0;

  protected createWindow(options: WindowOptions): RateLimiterAbstract {
    return new RateLimiterMemory(options);
  }

  protected prefixOf(kind: 'window' | 'backoff', rule: LimitRule | BackoffRule): string {
    return `${kind}:${rule.name}`;
  }

  protected run<T>(work: () => Promise<T>): Promise<T> {
    return work();
  }

  protected async forget(rule: BackoffRule, key: string): Promise<void> {
    this.backoffs.delete(`${this.prefixOf('backoff', rule)}:${key}`);
  }

  // Synchronous from the read to the write, so parallel tries cannot share one free slot.
  async attempt(rule: BackoffRule, key: string): Promise<void> {
    const now = Date.now();
    this.sweep(now);
    const id = `${this.prefixOf('backoff', rule)}:${key}`;
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

  /** Forgotten delays leave the map once a minute at most (the package's windows remove themselves). */
  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, b] of this.backoffs) if (b.forgetAt <= now) this.backoffs.delete(id);
  }
}
