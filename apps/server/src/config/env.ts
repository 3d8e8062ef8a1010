/** Every setting, parsed and checked once at start-up. A bad one stops the start with a list of what is wrong. */
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';
import { parseTrustProxy, type TrustProxy } from '../lib/trust-proxy.js';

const money = (fallback: number) =>
  z.coerce.number().positive().max(100_000).default(fallback);

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  PUBLIC_URL: z.string().url().optional(),
  TOKEN_SECRET: z.string().min(32, 'TOKEN_SECRET must be at least 32 characters').optional(),
  TOKEN_TTL_HOURS: z.coerce.number().positive().max(24 * 90).default(12),
  REMEMBER_TTL_DAYS: z.coerce.number().positive().max(365).default(30),
  RATE_LIMIT_SCALE: z.coerce.number().positive().max(1_000_000).default(1),
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
});

export type Env = z.infer<typeof envSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  host: string;
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string | undefined;
  tokenSecret: string;
  tokenTtlSeconds: number;
  rememberTtlSeconds: number;
  rateLimitScale: number;
  /** Which proxies may name the client's address (TRUST_PROXY); by default none, so request.ip is the connection's. */
  trustProxy: TrustProxy;
  logLevel: Env['LOG_LEVEL'];
  seedDemo: boolean;
  prices: { vipPlanCents: number; stemsCents: number; leaseCents: number };
  webDist: string | undefined;
  workerConcurrency: number;
  /** SMTP server for outgoing e-mail; when unset messages stay in the outbox only (docs/product/embedded-and-real-parts.md). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Stripe Checkout when both keys are set; otherwise the built-in test checkout (never in production). */
  stripe: { secretKey: string; webhookSecret: string; apiUrl: string | undefined } | null;
  /** Whether /api/docs (and its OpenAPI JSON) are served: API_DOCS, else on outside production only. */
  apiDocs: boolean;
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
    publicUrl: env.PUBLIC_URL,
    tokenSecret: tokenSecretFor(env, dataDir),
    tokenTtlSeconds: Math.round(env.TOKEN_TTL_HOURS * 3600),
    rememberTtlSeconds: Math.round(env.REMEMBER_TTL_DAYS * 86400),
    rateLimitScale: env.RATE_LIMIT_SCALE,
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
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET
        ? { secretKey: env.STRIPE_SECRET_KEY, webhookSecret: env.STRIPE_WEBHOOK_SECRET, apiUrl: env.STRIPE_API_URL }
        : null,
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : env.NODE_ENV !== 'production',
  };
}
