/**
 * The limiter's counts in one Redis that every server process shares (REDIS_URL, docs/product/limits.md#several-server-processes),
 * so a limit of L allows L in all, however many processes respond. Windows are rate-limiter-flexible's fixed windows
 * (lib/rate-limiter.ts, as in memory); growing delays are one small Lua script, since no limiter of that package
 * doubles a wait after free tries and forgets it a day later. Both run atomically in Redis and keep time by Redis's clock (key expiry, TIME), so processes
 * agree whatever their own clocks say. A Redis out of reach responds with 503 (docs/product/limits.md#when-a-part-is-unavailable).
 */
import { Redis } from 'ioredis';
import { RateLimiterRedis, type RateLimiterAbstract } from 'rate-limiter-flexible';
import { messages } from '@beat/shared';
import { ConfigError } from '../config/env.js';
import { AppError, serviceUnavailable } from './errors.js';
import { refusal, WindowedRateLimiter, type BackoffRule, type LimitRule, type WindowOptions } from './rate-limiter.js';

/** As long as a database that is restarting (lib/http-errors.ts). */
const RETRY_AFTER_SECONDS = 2;

/**
 * One try under a growing delay (the memory limiter's attempt(), backoffDelayMs): returns the wait left in ms, or 0
 * when the try is counted. KEYS[1] is a hash { failures, nextAt }; ARGV: free, firstDelayMs, maxDelayMs, forgetMs.
 */
const attemptScript = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local nextAt = tonumber(redis.call('HGET', KEYS[1], 'nextAt') or 0)
if now < nextAt then return nextAt - now end
local beyond = redis.call('HINCRBY', KEYS[1], 'failures', 1) - tonumber(ARGV[1])
if beyond >= 0 then
  local delay = math.min(tonumber(ARGV[3]), tonumber(ARGV[2]) * 2 ^ math.min(beyond, 30))
  redis.call('HSET', KEYS[1], 'nextAt', string.format('%d', now + delay))
end
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 0
`;

export interface RedisRateLimiterOptions {
  url: string;
  /** Every key starts with `${prefix}:` (REDIS_KEY_PREFIX), so stores sharing one Redis never meet. */
  prefix: string;
  scale: number;
}

/** The URL without its password, for messages. */
function shownUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

const reasonOf = (error: unknown) => (error instanceof Error ? error.message : String(error));

export class RedisRateLimiter extends WindowedRateLimiter {
  readonly kind = 'redis';
  private readonly redis: Redis;
  /** Why the connection last failed ("connect ECONNREFUSED …"): more telling than the failed call's own error. */
  private connectionError: string | null = null;

  constructor(private readonly options: RedisRateLimiterOptions) {
    super(options.scale);
    this.redis = new Redis(options.url, {
      // A Redis that is down or hung costs a request at most about a second before its 503, never a pile of waiting calls.
      maxRetriesPerRequest: 1,
      commandTimeout: 1000,
      connectTimeout: 2000,
      retryStrategy: (times) => Math.min(times * 200, 2000),
    });
    // Connection trouble is reported by the calls that meet it (503, logged with the request); this only keeps
    // ioredis from printing each reconnection attempt.
    this.redis.on('error', (error) => {
      this.connectionError = reasonOf(error);
    });
    this.redis.on('ready', () => {
      this.connectionError = null;
    });
  }

  protected createWindow(options: WindowOptions): RateLimiterAbstract {
    return new RateLimiterRedis({ storeClient: this.redis, ...options });
  }

  /** Rule and key as in memory, under the store's prefix. */
  protected prefixOf(kind: 'window' | 'backoff', rule: LimitRule | BackoffRule): string {
    return `${this.options.prefix}:${kind}:${rule.name}`;
  }

  /** A refusal stays a 429; anything else means Redis is out of reach (503). */
  protected async run<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof AppError) throw error;
      const unavailable = serviceUnavailable(messages.storeUnavailable, RETRY_AFTER_SECONDS);
      throw Object.assign(unavailable, { cause: new Error(`the rate limits' Redis is out of reach: ${this.connectionError ?? reasonOf(error)}`) });
    }
  }

  protected async forget(rule: BackoffRule, key: string): Promise<void> {
    await this.redis.del(`${this.prefixOf('backoff', rule)}:${key}`);
  }

  async attempt(rule: BackoffRule, key: string): Promise<void> {
    const waitMs = await this.run(async () => {
      const args = [rule.free, rule.firstDelayMs, rule.maxDelayMs, rule.forgetMs].map(String);
      return Number(await this.redis.eval(attemptScript, 1, `${this.prefixOf('backoff', rule)}:${key}`, ...args));
    });
    if (waitMs > 0) refusal(rule.name, waitMs, rule.advice);
  }

  /** Start-up waits for Redis: a wrong REDIS_URL stops the server with a readable message instead of 503s later. */
  async ready(): Promise<void> {
    try {
      await this.redis.ping();
    } catch (error) {
      throw new ConfigError(`REDIS_URL: no Redis answers at ${shownUrl(this.options.url)} (${this.connectionError ?? reasonOf(error)})`);
    }
  }

  async close(): Promise<void> {
    if (this.redis.status === 'end') return;
    if (this.redis.status !== 'ready') {
      this.redis.disconnect();
      return;
    }
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
