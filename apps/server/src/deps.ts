/** What the services need from the outside world, passed in so tests can hand in real ones on a fresh database. */
import type { Config } from './config/env.js';
import type { Db } from './db/client.js';
import type { Storage } from './adapters/storage/storage.js';
import type { Mailer } from './adapters/mail/mailer.js';
import type { Clock } from './lib/clock.js';
import type { RateLimiter } from './lib/rate-limiter.js';
import type { TokenSigner } from './modules/auth/tokens.js';
import type { Payments } from './adapters/payments/payments.js';
import type { Metrics } from './metrics/metrics.js';

export interface Deps {
  config: Config;
  db: Db;
  storage: Storage;
  mailer: Mailer;
  clock: Clock;
  limiter: RateLimiter;
  tokens: TokenSigner;
  payments: Payments;
  /** This process's counters for GET /metrics (docs/metrics.md). */
  metrics: Metrics;
}
