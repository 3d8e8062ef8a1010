import { describe, expect, it } from 'vitest';
import { messages, type Beat } from '@beat/shared';
import { authed, beforeAllFixture, createBeat, fileTestApp, signedInWithOther, expectMessage } from '../../test/helper.js';
import { favorites } from '../../db/schema.js';

const t = fileTestApp();
const f = beforeAllFixture(async () => ({
  ...(await signedInWithOther(t)),
  lease: await createBeat(t, { title: 'Velvet Waves' }),
  second: await createBeat(t, { title: 'Static Run' }),
  exclusive: await createBeat(t, { title: 'Only One', beatType: 'Exclusive', priceCents: 30000 }),
}));

const call = (method: 'POST' | 'DELETE', payload: object, as = f.token) =>
  t.app.inject(authed(as, { method, url: '/api/favorites', payload }));
const list = async (userId = f.me.id, as = f.token) => t.app.inject(authed(as, { method: 'GET', url: `/api/favorites/${userId}` }));

describe('favorites', () => {
  it('adds, lists newest first, and removes', async () => {
    expectMessage(await call('POST', { userId: f.me.id, beatId: f.lease.id }), 200, messages.addedToFavorites('Velvet Waves'));
    await call('POST', { userId: f.me.id, beatId: f.second.id });
    // Adding twice keeps one.
    expect((await call('POST', { userId: f.me.id, beatId: f.lease.id })).statusCode).toBe(200);

    const listed = (await list()).json() as { beats: Beat[] };
    expect(listed.beats.map((b) => b.beatTitle).sort()).toEqual(['Static Run', 'Velvet Waves']);

    expect((await call('DELETE', { userId: f.me.id, beatId: f.lease.id })).statusCode).toBe(200);
    expect(((await list()).json() as { beats: Beat[] }).beats.map((b) => b.beatTitle)).toEqual(['Static Run']);
  });

  it('refuses exclusives with 400 and unknown beats with 404', async () => {
    expectMessage(await call('POST', { userId: f.me.id, beatId: f.exclusive.id }), 400, 'Only VIP catalog (Non-Exclusive) beats can be added to favorites.');
    const missing = await call('POST', { userId: f.me.id, beatId: '00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });

  it('answers 403 for another user, on every call, and writes nothing', async () => {
    const before = await t.deps.db.select().from(favorites);
    expect((await call('POST', { userId: f.other.id, beatId: f.lease.id })).statusCode).toBe(403);
    expect((await call('DELETE', { userId: f.other.id, beatId: f.lease.id })).statusCode).toBe(403);
    expectMessage(await list(f.other.id), 403, 'You can only access your own account.');
    expect(await t.deps.db.select().from(favorites)).toHaveLength(before.length);
  });

  it('answers 401 to visitors and 400 to bad ids', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/favorites', payload: { userId: f.me.id, beatId: f.lease.id } });
    expect(visitor.statusCode).toBe(401);
    expectMessage(await call('POST', { userId: f.me.id, beatId: 'nope' }), 400, 'beatId is not a valid id');
    const missing = await call('POST', { userId: f.me.id });
    expect(missing.json().message).toBe('beatId is required');
    expect((await list('nope')).statusCode).toBe(400);
  });
});
