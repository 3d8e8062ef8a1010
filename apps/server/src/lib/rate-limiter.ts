/**
 * Fixed-window counters kept in memory. One server process owns its counters; the limits are
 * configuration (RATE_LIMIT_SCALE multiplies the scalable ones, docs/product/limits.md).
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

interface Window {
  count: number;
  resetAt: number;
}

export class RateLimiter {
  private readonly windows = new Map<string, Window>();
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

  reset(rule: LimitRule, key: string): void {
    this.windows.delete(`${rule.name}:${key}`);
  }

  private refuse(rule: LimitRule, w: Window): never {
    const seconds = (w.resetAt - this.clock.now().getTime()) / 1000;
    const wait = seconds > 90 ? `${Math.ceil(seconds / 60)} minutes` : `${Math.ceil(seconds)} seconds`;
    throw tooManyRequests(`Too many ${rule.name}. Please try again in ${wait}.`, seconds);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [id, w] of this.windows) if (w.resetAt <= now) this.windows.delete(id);
  }
}
