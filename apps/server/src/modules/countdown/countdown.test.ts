/** Exclusives turn into Non-Exclusive at the lease price once the server's clock passes their end time — by a nudge or on their own. */
import { describe, expect, it } from 'vitest';
import { and, eq, gte } from 'drizzle-orm';
import type { ChangeBeatTypeResponse } from '@beat/shared';
import { beats, jobs, type BeatRow } from '../../db/schema.js';
import { createBeat, fixedClock, fileTestApp, expectMessage } from '../../test/helper.js';
import { COUNTDOWN_QUEUE, countdownJobHandlers } from './countdown.job.js';
import { startJobWorker } from '../../jobs/job-worker.js';
import { turnOverEndedExclusives } from './countdown.service.js';

const start = new Date('2026-05-01T10:00:00Z');
const clock = fixedClock(start);

const t = fileTestApp({ clock, env: { LEASE_PRICE_USD: '24.5' } });

const minutes = (n: number) => new Date(clock.now().getTime() + n * 60_000);
const exclusive = (overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { beatType: 'Exclusive', priceCents: 40000, countdownEndTime: minutes(10), ...overrides });
async function reload(beat: BeatRow): Promise<BeatRow> {
  const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat.id));
  return row!;
}
const nudge = (beatId: string) => t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: { beatId } });

describe('POST /api/changebeattype (a nudge)', () => {
  it('changes nothing before the end time, then turns the exclusive over at the lease price', async () => {
    const beat = await exclusive();
    const early = await nudge(beat.id);
    expect(early.statusCode).toBe(200);
    expect(early.json()).toMatchObject({ changed: false, beat: { beatType: 'Exclusive', price: 400 } });
    expect((await reload(beat)).beatType).toBe('Exclusive');

    clock.set(minutes(10));
    const res = await nudge(beat.id);
    const body = res.json() as ChangeBeatTypeResponse;
    expect(body.changed).toBe(true);
    expect(body.beat).toMatchObject({ _id: beat.id, beatType: 'Non-Exclusive', price: 24.5 });
    const row = await reload(beat);
    expect(row.beatType).toBe('Non-Exclusive');
    expect(row.priceCents).toBe(2450);

    // Once only: a second nudge finds nothing to do.
    expect((await nudge(beat.id)).json()).toMatchObject({ changed: false, beat: { beatType: 'Non-Exclusive' } });
  });

  it('never turns over a sold exclusive, one reserved by an open checkout (until it lapses), or one without a countdown', async () => {
    const sold = await exclusive({ countdownEndTime: minutes(-1), soldAt: minutes(-5) });
    const reserved = await exclusive({ countdownEndTime: minutes(-1), reservedUntil: minutes(20) });
    const endless = await exclusive({ countdownEndTime: null });
    for (const b of [sold, reserved, endless]) expect((await nudge(b.id)).json().changed).toBe(false);
    expect((await reload(sold)).beatType).toBe('Exclusive');
    expect((await reload(reserved)).beatType).toBe('Exclusive');
    clock.set(minutes(21));
    expect((await nudge(reserved.id)).json().changed).toBe(true);
    expect((await reload(endless)).beatType).toBe('Exclusive');
  });

  it('answers 400 for a bad id and 404 for unknown or unpublished beats', async () => {
    expectMessage(await t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: { beatId: 'x' } }), 400, 'beatId is not a valid id');
    expect((await t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: {} })).json().message).toBe('beatId is required');
    expect((await nudge('00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    const draft = await exclusive({ published: false, countdownEndTime: minutes(-1) });
    expect((await nudge(draft.id)).statusCode).toBe(404);
  });
});

describe('the background job', () => {
  it('turnOverEndedExclusives turns every ended exclusive over with no client call, and only those', async () => {
    const ended = await exclusive({ countdownEndTime: minutes(-2) });
    const running = await exclusive({ countdownEndTime: minutes(2) });
    const turned = await turnOverEndedExclusives(t.deps);
    expect(turned.map((b) => b.id)).toContain(ended.id);
    expect(turned.map((b) => b.id)).not.toContain(running.id);
    expect((await reload(ended)).beatType).toBe('Non-Exclusive');
    expect((await reload(running)).beatType).toBe('Exclusive');
    expect(await turnOverEndedExclusives(t.deps)).toEqual([]);
  });

  it('runs on its own as a recurring job once a worker is started, and stops when asked', async () => {
    /** Who ran the sweeps that finished at or after `since` (the clock only moves when the test moves it). */
    const sweepersSince = async (since: Date) =>
      (await t.deps.db.select().from(jobs).where(and(eq(jobs.queue, COUNTDOWN_QUEUE), eq(jobs.status, 'done'), gte(jobs.finishedAt, since)))).map(
        (job) => job.lockedBy,
      );
    const beat = await exclusive({ countdownEndTime: minutes(1) });
    const job = await startJobWorker(t.deps, countdownJobHandlers(t.deps, t.log, 25), { concurrency: 1, pollMs: 25, log: t.log });
    try {
      // The first sweep runs at once: the beat's end is still a minute away.
      await expect.poll(() => sweepersSince(clock.now()), { timeout: 3000, interval: 25 }).toContain(job.id);
      expect((await reload(beat)).beatType).toBe('Exclusive');
      clock.set(minutes(1));
      await expect.poll(async () => (await reload(beat)).beatType, { timeout: 3000, interval: 25 }).toBe('Non-Exclusive');
      expect((await reload(beat)).priceCents).toBe(2450);
    } finally {
      await job.stop();
    }
    // Stopped: a beat that ends later stays as it is, and the sweep that falls due waits for the next worker.
    const later = await exclusive({ countdownEndTime: minutes(1) });
    clock.set(minutes(2));
    const due = clock.now();
    expect((await reload(later)).beatType).toBe('Exclusive');
    const next = await startJobWorker(t.deps, countdownJobHandlers(t.deps, t.log, 25), { concurrency: 1, pollMs: 25, log: t.log });
    try {
      await expect.poll(() => sweepersSince(due), { timeout: 3000, interval: 25 }).toEqual([next.id]);
      expect((await reload(later)).beatType).toBe('Non-Exclusive');
    } finally {
      await next.stop();
    }
  });
});

describe('the live catalog: GET /api/catalog/version and the server clock', () => {
  const version = (headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url: '/api/catalog/version', headers });

  it('answers the version with an ETag, 304 while unchanged, and a new version after a visible change', async () => {
    const first = await version();
    expect(first.statusCode).toBe(200);
    const { version: v1 } = first.json() as { version: number };
    expect(first.headers.etag).toBe(`"v${v1}"`);
    expect(first.headers['cache-control']).toBe('no-cache');
    const same = await version({ 'if-none-match': `"v${v1}"` });
    expect(same.statusCode).toBe(304);
    expect(same.body).toBe('');

    await exclusive({ countdownEndTime: minutes(30) });
    const moved = await version({ 'if-none-match': `"v${v1}"` });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().version).toBeGreaterThan(v1);
  });

  it('turns over a countdown that has ended before answering, so a poll alone learns of it (no nudge, no job)', async () => {
    const beat = await exclusive({ countdownEndTime: minutes(1) });
    const before = (await version()).json().version as number;
    expect((await version()).json().version).toBe(before);
    expect((await reload(beat)).beatType).toBe('Exclusive');

    clock.set(minutes(1));
    const after = (await version()).json().version as number;
    expect(after).toBeGreaterThan(before);
    const row = await reload(beat);
    expect(row.beatType).toBe('Non-Exclusive');
    expect(row.priceCents).toBe(2450);
    // The catalog responses of that version show it in the VIP list.
    const vip = await t.app.inject({ method: 'GET', url: `/api/beats?type=Non-Exclusive&q=${encodeURIComponent(beat.title)}` });
    expect(vip.json().beats.map((b: { _id: string }) => b._id)).toContain(beat.id);
  });

  it('a held exclusive waits for its hold: polls do not turn it over early', async () => {
    const beat = await exclusive({ countdownEndTime: minutes(-1), reservedUntil: minutes(10) });
    await version();
    expect((await reload(beat)).beatType).toBe('Exclusive');
    clock.set(minutes(10));
    await version();
    expect((await reload(beat)).beatType).toBe('Non-Exclusive');
  });

  it('every answer carries the server clock in X-Server-Time, set per response even for a cached catalog answer', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/api/config' });
    expect(first.headers['x-server-time']).toBe(String(clock.now().getTime()));
    clock.advance(1234);
    const again = await t.app.inject({ method: 'GET', url: '/api/config', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.headers['x-server-time']).toBe(String(clock.now().getTime()));
    const refused = await t.app.inject({ method: 'POST', url: '/api/changebeattype', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['x-server-time']).toBe(String(clock.now().getTime()));
  });
});
