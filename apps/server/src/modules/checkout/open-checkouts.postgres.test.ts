/**
 * Two server processes on one PostgreSQL server, one buyer asking both at once for the same lease
 * (docs/product/offers-and-prices.md#one-open-checkout-per-order): each process lets one request through at a time,
 * and when both open a session at the same moment the database keeps one open checkout; the process that comes
 * second ends its own session and answers the first one's, so every answer names one session.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.js';
import { loadConfig } from '../../config/env.js';
import { openDatabase, type Database } from '../../db/client.js';
import { checkouts, users, type UserRow } from '../../db/schema.js';
import { createLocalStorage } from '../../adapters/storage/local-storage.js';
import type { Payments } from '../../adapters/payments/payments.js';
import { hashPassword } from '../auth/passwords.js';
import { createDeps } from '../../runtime.js';
import { authed, freshPostgres, insertBeat } from '../../test/helper.js';
import { serverLog } from '../../test/server-log.js';
import { body, checkoutPaths, lineOf } from './checkout.test-support.js';

interface Process {
  app: FastifyInstance;
  database: Database;
  payments: Payments;
}

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'beat-open-checkouts-pg-'));
const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, TOKEN_SECRET: 'shared-secret-of-the-two-processes-0123456789', LOG_LEVEL: 'silent' });
const processes: Process[] = [];
let drop: (() => Promise<void>) | undefined;

async function startProcess(url: string, migrate: boolean): Promise<Process> {
  const database = await openDatabase({ url, poolSize: 4 });
  if (migrate) await database.migrate();
  const deps = createDeps(config, database, createLocalStorage(path.join(dataDir, 'files')));
  const app = await buildApp(deps, { loggerInstance: serverLog });
  await app.ready();
  return { app, database, payments: deps.payments };
}

beforeAll(async () => {
  const pgServer = await freshPostgres();
  drop = pgServer.drop;
  processes.push(await startProcess(pgServer.url, true), await startProcess(pgServer.url, false));
});
afterAll(async () => {
  for (const p of processes) {
    await p.app.close();
    await p.database.close();
  }
  await drop?.();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('one open checkout per order across processes (PostgreSQL)', () => {
  it('answers twenty requests split over two processes with one session, even when both processes open one at once', async () => {
    const [a, b] = processes as [Process, Process];
    const db = a.database.db;
    const [user] = (await db
      .insert(users)
      .values({ email: 'two-processes@example.test', fullName: 'Two Processes', passwordHash: await hashPassword('test-password') })
      .returning()) as [UserRow];
    const beat = await insertBeat(db, { title: 'Split Second', priceCents: 1999 });
    const login = await a.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } });
    const { token } = login.json() as { token: string };

    // Each process's first session waits until the other's has started too: both have looked for an open checkout and
    // found none, so both write one at the same moment.
    let started = 0;
    let bothStarted!: () => void;
    const barrier = new Promise<void>((resolve) => (bothStarted = resolve));
    const creates = [a, b].map(({ payments }) => {
      const create = payments.createCheckoutSession.bind(payments);
      return vi.spyOn(payments, 'createCheckoutSession').mockImplementation(async (input) => {
        if (++started === 2) bothStarted();
        await barrier;
        return create(input);
      });
    });
    const expires = [a, b].map(({ payments }) => vi.spyOn(payments, 'expireCheckoutSession'));

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? a : b).app.inject(
          authed(token, { method: 'POST', url: checkoutPaths.beatPurchase, payload: body(user, { beatDetails: [lineOf(beat)] }) }),
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(Array(20).fill(200));
    const ids = new Set(answers.map((res) => (res.json() as { session: { id: string } }).session.id));
    expect(ids.size).toBe(1);
    expect(creates.map((spy) => spy.mock.calls.length)).toEqual([1, 1]);
    // The session of the process that came second was ended at the provider; only the first one's was kept.
    const ended = expires.flatMap((spy) => spy.mock.calls.map(([sessionId]) => sessionId));
    expect(ended).toHaveLength(1);
    expect(ended[0]).not.toBe([...ids][0]);
    const rows = await db.select().from(checkouts).where(eq(checkouts.userId, user.id));
    expect(rows.map((row) => [row.providerSessionId, row.status])).toEqual([[[...ids][0], 'open']]);
  });
});
