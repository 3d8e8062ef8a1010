import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { authed, beforeAllFixture, createBeat, fileTestApp, signedInWithOther, expectMessage } from '../../test/helper.js';
import { beats, plays } from '../../db/schema.js';

const t = fileTestApp();
const f = beforeAllFixture(async () => ({ ...(await signedInWithOther(t)), beat: await createBeat(t) }));

const playCount = async () => (await t.deps.db.select().from(beats).where(eq(beats.id, f.beat.id)))[0]!.playCount;

describe('POST /api/play', () => {
  it('counts a play of at least 10 seconds, not a shorter one', async () => {
    const short = await t.app.inject(authed(f.token, { method: 'POST', url: '/api/play', payload: { userId: f.me.id, beatId: f.beat.id, playbackTime: 9.9 } }));
    expect(short.json()).toEqual({ counted: false });
    expect(await playCount()).toBe(0);
    const long = await t.app.inject(authed(f.token, { method: 'POST', url: '/api/play', payload: { userId: f.me.id, beatId: f.beat.id, playbackTime: 10 } }));
    expect(long.json()).toEqual({ counted: true });
    expect(await playCount()).toBe(1);
    const rows = await t.deps.db.select().from(plays).where(eq(plays.beatId, f.beat.id));
    expect(rows.map((r) => r.userId)).toEqual([f.me.id]);
  });

  it('counts a visitor play without a user', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/play', payload: { beatId: f.beat.id, playbackTime: 30 } });
    expect(res.json()).toEqual({ counted: true });
  });

  it('answers 403 for a play reported in another user name, 401 without a token, 400 for bad input', async () => {
    const before = await playCount();
    const forbidden = await t.app.inject(authed(f.token, { method: 'POST', url: '/api/play', payload: { userId: f.other.id, beatId: f.beat.id, playbackTime: 30 } }));
    expect(forbidden.statusCode).toBe(403);
    const visitor = await t.app.inject({ method: 'POST', url: '/api/play', payload: { userId: f.me.id, beatId: f.beat.id, playbackTime: 30 } });
    expect(visitor.statusCode).toBe(401);
    expectMessage(await t.app.inject({ method: 'POST', url: '/api/play', payload: { beatId: f.beat.id, playbackTime: 'long' } }), 400, 'playbackTime must be a number of seconds');
    expect(await playCount()).toBe(before);
  });
});
