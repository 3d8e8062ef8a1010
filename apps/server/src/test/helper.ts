/**
 * Builds the real app on a fresh database for each test file: an in-memory PGlite by default, or a
 * new database on the PostgreSQL server named by TEST_DATABASE_URL (dropped afterwards).
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import type { FastifyBaseLogger, FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { loadConfig, type Config } from '../config/env.js';
import { openDatabase, type Database, type Db } from '../db/client.js';
import { createStorage } from '../adapters/storage/create-storage.js';
import { createDeps } from '../runtime.js';
import { fixedClock, systemClock, type Clock } from '../lib/clock.js';
import type { Deps } from '../deps.js';
import { beats, purchases, users, type BeatRow, type UserRow } from '../db/schema.js';
import { hashPassword } from '../modules/auth/passwords.js';
import type { AuthResponse } from '@beat/shared';
import { serverLog } from './server-log.js';

export { expectServerError } from './server-log.js';

export const dbKind = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';

export async function freshPostgres(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `beat_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

export interface TestApp {
  app: FastifyInstance;
  deps: Deps;
  config: Config;
  database: Database;
  clock: Clock;
  dataDir: string;
  /** The app's log: hand it to job code (workers, handlers) so that their errors fail the test too. */
  log: FastifyBaseLogger;
  close(): Promise<void>;
}

export interface TestAppOptions {
  env?: Record<string, string>;
  clock?: Clock;
  webDist?: string;
  /** Routes only a test needs, added before the app is ready (the log guard's fixture adds one that throws). */
  extraRoutes?: (app: FastifyInstance) => void;
  /** PostgreSQL server only: the app connects to the address this returns for the fresh database's URL (a proxy in front of it). */
  connectThrough?: (databaseUrl: string) => Promise<string>;
}

export async function createTestApp(options: TestAppOptions = {}): Promise<TestApp> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'beat-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    TOKEN_SECRET: 'test-secret-that-is-long-enough-for-hs256-signing',
    LOG_LEVEL: 'silent',
    ...options.env,
  });
  const pgServer = process.env.TEST_DATABASE_URL ? await freshPostgres() : null;
  const appUrl = pgServer && options.connectThrough ? await options.connectThrough(pgServer.url) : pgServer?.url;
  const database = await openDatabase(appUrl ? { url: appUrl, poolSize: 20 } : {});
  await database.migrate();
  const clock = options.clock ?? systemClock;
  const deps = createDeps(config, database, await createStorage(config), clock);
  const app = await buildApp(deps, { loggerInstance: serverLog, webDist: options.webDist });
  options.extraRoutes?.(app);
  await app.ready();
  return {
    app,
    deps,
    config,
    database,
    clock,
    dataDir,
    log: app.log,
    async close() {
      await app.close();
      await deps.limiter.close();
      await database.close();
      await pgServer?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export { fixedClock };

/**
 * The test app of one file's tests: the returned object is filled in on a fresh database before they run (a fresh
 * embedded database is slow to open on a busy machine, hence the long wait) and closed after them.
 */
export function fileTestApp(options: TestAppOptions = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(options));
  }, 180_000);
  afterAll(async () => {
    await t.close?.();
  });
  return t;
}

let userCounter = 0;
const fastHash = hashPassword('test-password');

export async function createUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  userCounter += 1;
  const [user] = await t.deps.db
    .insert(users)
    .values({
      email: `user${userCounter}-${randomBytes(3).toString('hex')}@example.test`,
      fullName: `Test User ${userCounter}`,
      passwordHash: await fastHash,
      ...overrides,
    })
    .returning();
  return user!;
}

/** The user's row as it is in the database now. */
export async function userRowOf(t: TestApp, id: string): Promise<UserRow> {
  const [row] = await t.deps.db.select().from(users).where(eq(users.id, id));
  return row!;
}

/** Logs a user in through the API and returns the bearer token. */
export async function loginAs(t: TestApp, user: Pick<UserRow, 'email'>, password = 'test-password'): Promise<string> {
  const res = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.statusCode} ${res.body}`);
  return (res.json() as AuthResponse).token;
}

/** What `build` makes once before the file's tests run, read in them as the returned object's properties. */
export function beforeAllFixture<T extends object>(build: () => Promise<T>): T {
  const fixture = {} as T;
  beforeAll(async () => {
    Object.assign(fixture, await build());
  });
  return fixture;
}

/** A new user, signed in through the API: the row and its bearer token. */
export async function signedInUser(t: TestApp, overrides: Partial<typeof users.$inferInsert> = {}): Promise<{ user: UserRow; token: string }> {
  const user = await createUser(t, overrides);
  return { user, token: await loginAs(t, user) };
}

/** Bearer tokens of a signed-in admin and of a signed-in customer, made once before the file's tests run. */
export function adminAndMemberTokens(t: TestApp): { admin: string; member: string } {
  return beforeAllFixture(async () => ({ admin: (await signedInUser(t, { isAdmin: true })).token, member: (await signedInUser(t)).token }));
}

/** A signed-in user (`me`, with its bearer `token`) and another user, whose things `me` may not touch. */
export async function signedInWithOther(
  t: TestApp,
  mine: Partial<typeof users.$inferInsert> = {},
  theirs: Partial<typeof users.$inferInsert> = {},
): Promise<{ me: UserRow; other: UserRow; token: string }> {
  const { user: me, token } = await signedInUser(t, mine);
  return { me, other: await createUser(t, theirs), token };
}

/** A row of the books for `buyer`: a lease through the test provider unless `values` say otherwise. */
export function purchaseRow(
  buyer: Pick<UserRow, 'id' | 'email' | 'fullName'>,
  values: Partial<typeof purchases.$inferInsert> & Pick<typeof purchases.$inferInsert, 'title' | 'priceCents'>,
): typeof purchases.$inferInsert {
  return { userId: buyer.id, buyerEmail: buyer.email, buyerName: buyer.fullName, sessionType: 'beatPurchase', kind: 'lease', provider: 'test', ...values };
}

export function createBeat(t: TestApp, overrides: Partial<typeof beats.$inferInsert> = {}): Promise<BeatRow> {
  return insertBeat(t.deps.db, overrides);
}

/** A listed lease with a rendered preview, straight into the database (a test app's, or one shared by several processes). */
export async function insertBeat(db: Db, overrides: Partial<typeof beats.$inferInsert> = {}): Promise<BeatRow> {
  const id = randomBytes(4).toString('hex');
  const [beat] = await db
    .insert(beats)
    .values({
      title: `Beat ${id}`,
      artistName: 'Test Artist',
      bpm: 120,
      releaseDate: new Date('2026-01-01T00:00:00Z'),
      tags: ['trap'],
      priceCents: 1999,
      beatType: 'Non-Exclusive',
      previewKey: 'audio/test/preview.mp3',
      previewRenderKey: 'test-render',
      mp3Key: 'audio/test/beat.mp3',
      audioState: 'ready',
      ...overrides,
    })
    .returning();
  return beat!;
}

/** The answer has this status code and says this message. */
export function expectMessage(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json().message).toBe(message);
}

/** The answer has this status code, and its body is this message and nothing else. */
export function expectMessageOnly(res: LightMyRequestResponse, status: number, message: string): void {
  expect(res.statusCode).toBe(status);
  expect(res.json()).toEqual({ message });
}

export function authed(token: string, options: InjectOptions): InjectOptions {
  return { ...options, headers: { ...options.headers, authorization: `Bearer ${token}` } };
}

/**
 * Every route of the app as "METHOD /path", rebuilt from printRoutes' tree (children print only their own segment,
 * indented by depth). The tree keeps its shared prefixes as nodes of their own: without them a wildcard under a
 * shared prefix prints without it ("/api/docs/static/*" as "/api/docs/*").
 */
export function routesOf(app: FastifyInstance): string[] {
  const stack: string[] = [];
  const found: string[] = [];
  for (const line of app.printRoutes().split('\n')) {
    const match = /^((?:│ {3}| {4})*)(?:├── |└── )(\S+)(?: \(([^)]+)\))?/.exec(line);
    if (!match) continue;
    const depth = match[1]!.length / 4;
    stack.length = depth;
    stack.push(match[2]!);
    if (!match[3]) continue;
    for (const method of match[3].split(', ')) found.push(`${method} ${stack.join('')}`);
  }
  return found;
}
