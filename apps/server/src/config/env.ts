/** Every setting, parsed and checked once at start-up. A bad one stops the start with a list of what is wrong. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '../lib/trust-proxy.js';
import type { S3StorageSettings } from '../adapters/storage/s3-storage.js';

const money = (fallback: number) =>
  z.coerce.number().positive().max(100_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  /** Connections each server process keeps open to the PostgreSQL server (DATABASE_URL) at most (docs/scaling.md). */
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PUBLIC_URL: z.string().url().optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  REMEMBER_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
  /** One Redis for the rate limits of every server process; unset, each process counts in its memory (docs/product/limits.md). */
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\/\S+$/, 'REDIS_URL must look like redis://127.0.0.1:6379 or rediss://user:pass@host:6380/0')
    .refine((value) => URL.canParse(value), 'REDIS_URL must be a valid URL')
    .optional(),
  /** Every Redis key starts with it, so several stores (or test runs) can share one Redis. */
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w.-]{1,64}$/, 'REDIS_KEY_PREFIX must be 1–64 letters, digits, dots, hyphens or underscores')
    .default('beat-market'),
  /** Proxies whose X-Forwarded-For names the client: a hop count or their IPs/CIDRs; unset trusts none (lib/trust-proxy.ts). */
  TRUST_PROXY: z
    .string()
    .optional()
    .transform((value, ctx) => {
      const parsed = parseTrustProxy(value);
      if ('error' in parsed) {
        ctx.addIssue({ code: 'custom', message: parsed.error });
        return z.NEVER;
      }
      return parsed;
    }),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SEED_DEMO: z.enum(['auto', 'never']).default('auto'),
  VIP_PLAN_PRICE_USD: money(29),
  STEMS_PRICE_USD: money(25),
  LEASE_PRICE_USD: money(19.99),
  WEB_DIST: z.string().optional(),
  /** Background jobs (preview rendering) run at once in this process; 0 runs none (a web-only process). */
  WORKER_CONCURRENCY: z.coerce.number().int().min(0).max(32).optional(),
  /** How long a job's claim lasts without renewal: after a process dies, others take its jobs back this long after (docs/background-jobs.md). */
  JOB_LEASE_MS: z.coerce.number().int().min(1_000).max(600_000).default(30_000),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\/\S+$/, 'SMTP_URL must look like smtp://user:pass@host:587 or smtps://user:pass@host:465')
    .optional(),
  MAIL_FROM: z.string().min(3).default('Beat Market <no-reply@beatmarket.test>'),
  STRIPE_SECRET_KEY: z.string().regex(/^(sk|rk)_\S+$/, 'STRIPE_SECRET_KEY must be a Stripe secret key (sk_… or rk_…)').optional(),
  STRIPE_WEBHOOK_SECRET: z.string().regex(/^whsec_\S+$/, 'STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)').optional(),
  /** Where the Stripe client sends API calls (a local stand-in such as stripe-mock); default https://api.stripe.com. */
  STRIPE_API_URL: z.string().url().optional(),
  /** The API's OpenAPI description and its browsable page at /api/docs; default on outside production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Files in this S3-compatible bucket instead of DATA_DIR/files (docs/storage.md). */
  S3_BUCKET: z.string().regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'S3_BUCKET must be a bucket name (3–63 lowercase letters, digits, dots, hyphens)').optional(),
  S3_REGION: z.string().min(1).optional(),
  /** An S3-compatible server (MinIO, R2, …); unset means AWS. */
  S3_ENDPOINT: z.string().regex(/^https?:\/\/[^\s/]+\/?$/, 'S3_ENDPOINT must be the server\'s address, like https://s3.example.com or http://127.0.0.1:9000').optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).optional(),
  /** The bearer token of GET /metrics; unset, /metrics answers 404 (docs/metrics.md). */
  METRICS_TOKEN: z
    .string()
    .min(32, 'METRICS_TOKEN must be at least 32 characters (for example: openssl rand -hex 32)')
    .regex(/^\S+$/, 'METRICS_TOKEN must not contain spaces')
    .optional(),
});

export type Env = z.infer<typeof envSchema>;

/** The name of every environment variable the server reads. */
export const settingNames = Object.keys(envSchema.shape);

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  /** The most connections this process opens to the PostgreSQL server. */
  databasePoolSize: number;
  publicUrl: string | undefined;
  tokenSecret: string;
  tokenTtlSeconds: number;
  rememberTtlSeconds: number;
  rateLimitScale: number;
  /** Rate limits shared by every process in this Redis (REDIS_URL, keys under REDIS_KEY_PREFIX); null: in memory. */
  redis: { url: string; keyPrefix: string } | null;
  /** Which proxies may name the client's address (TRUST_PROXY); by default none, so request.ip is the connection's. */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  prices: { vipPlanCents: number; stemsCents: number; leaseCents: number };
  webDist: string | undefined;
  workerConcurrency: number;
  /** A job's lease (JOB_LEASE_MS): renewed while it runs, taken back by any process once it runs out. */
  jobLeaseMs: number;
  /** SMTP server for outgoing e-mail; when unset messages stay in the outbox only (docs/product/embedded-and-real-parts.md). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Stripe Checkout when both keys are set; otherwise the built-in test checkout (never in production). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** Whether /api/docs (and its OpenAPI JSON) are served: API_DOCS, else on outside production only. */
  apiDocs: boolean;
  /** Files in an S3-compatible bucket when S3_BUCKET is set; otherwise in DATA_DIR/files (docs/storage.md). */
  s3: S3StorageSettings | null;
  /** The bearer token a Prometheus scraper sends to GET /metrics; undefined: /metrics answers 404 (docs/metrics.md). */
  metricsToken: string | undefined;
}

export class ConfigError extends Error {}

const toCents = (usd: number) => Math.round(usd * 100);

/** Outside production a missing TOKEN_SECRET is made once and kept in the data folder, so sessions survive restarts. */
function tokenSecretFor(env: Env, dataDir: string): string {
  if (env.TOKEN_SECRET) return env.TOKEN_SECRET;
  if (env.NODE_ENV === 'production') {
    throw new ConfigError('TOKEN_SECRET: required in production (at least 32 characters)');
  }
  const file = path.join(dataDir, '.token-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/** The bucket's settings, all or nothing: a partial set would store files somewhere nobody meant. */
function s3SettingsOf(env: Env): S3StorageSettings | null {
  const named = (['S3_REGION', 'S3_ENDPOINT', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY', 'S3_FORCE_PATH_STYLE'] as const).filter((k) => env[k] !== undefined);
  if (!env.S3_BUCKET) {
    if (named.length === 0) return null;
    throw new ConfigError(`Invalid configuration:\n- S3_BUCKET: required with ${named.join(', ')} (or unset them to keep files in DATA_DIR)`);
  }
  const problems: string[] = [];
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    problems.push('- S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither');
  } else if (env.S3_ENDPOINT && !env.S3_ACCESS_KEY_ID) {
    // Only AWS itself has the instance roles and shared files the SDK looks for when no key is given.
    problems.push('- S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT');
  }
  if (!env.S3_REGION && !env.S3_ENDPOINT) problems.push('- S3_REGION: required for an AWS bucket (no S3_ENDPOINT)');
  if (problems.length > 0) throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  return {
    bucket: env.S3_BUCKET,
    // S3-compatible servers mostly ignore the region, but requests are signed for one.
    region: env.S3_REGION ?? 'us-east-1',
    endpoint: env.S3_ENDPOINT,
    credentials:
      env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
        : undefined,
    forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
  };
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most shells' `FOO= command`.
  const present = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = envSchema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `- ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  if (Boolean(env.STRIPE_SECRET_KEY) !== Boolean(env.STRIPE_WEBHOOK_SECRET)) {
    throw new ConfigError('Invalid configuration:\n- STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET: set both (Stripe Checkout) or neither (built-in test checkout)');
  }
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction: env.NODE_ENV === 'production',
    host: env.HOST,
    port: env.PORT,
    dataDir,
    databaseUrl: env.DATABASE_URL,
    databasePoolSize: env.DATABASE_POOL_SIZE,
    publicUrl: env.PUBLIC_URL,
    tokenSecret: tokenSecretFor(env, dataDir),
    tokenTtlSeconds: Math.round(env.TOKEN_TTL_HOURS * 3600),
    rememberTtlSeconds: Math.round(env.REMEMBER_TTL_DAYS * 86400),
    rateLimitScale: env.RATE_LIMIT_SCALE,
    redis: env.REDIS_URL ? { url: env.REDIS_URL, keyPrefix: env.REDIS_KEY_PREFIX } : null,
    trustProxy: env.TRUST_PROXY,
    logLevel: env.LOG_LEVEL,
    seedDemo: env.SEED_DEMO === 'auto' && env.NODE_ENV !== 'production',
    prices: {
      vipPlanCents: toCents(env.VIP_PLAN_PRICE_USD),
      stemsCents: toCents(env.STEMS_PRICE_USD),
      leaseCents: toCents(env.LEASE_PRICE_USD),
    },
    webDist: env.WEB_DIST,
    // Rendering is CPU-bound (one ffmpeg per job): one job per core by default.
    workerConcurrency: env.WORKER_CONCURRENCY ?? Math.max(1, Math.min(4, os.availableParallelism())),
    jobLeaseMs: env.JOB_LEASE_MS,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
        : null,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
    s3: s3SettingsOf(env),
    metricsToken: env.METRICS_TOKEN,
  };
}
