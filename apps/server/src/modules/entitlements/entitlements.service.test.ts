/** Every cell of the entitlement table (docs/product/entitlements.md), through the one rule (rightsFrom) and through the database (rightsFor). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { entitlements, type EntitlementSource } from '../../db/schema.js';
import { createBeat, createTestApp, createUser, type TestApp } from '../../test/helper.js';
import { rightsFor, rightsFrom, type RightsBeat, type RightsUser } from './entitlements.service.js';

const free: RightsUser = { id: 'u', userType: 'freeUser', isStemsAvailable: false };
const vip: RightsUser = { ...free, userType: 'vipUser' };
const stemsPass: RightsUser = { ...free, isStemsAvailable: true };
const lease: RightsBeat = {
  id: 'b',
  beatType: 'Non-Exclusive',
  published: true,
  soldAt: null,
  previewKey: 'previews/b.mp3',
  wavKey: 'audio/b.wav',
  stemsKey: 'stems/b.zip',
};
const exclusive: RightsBeat = { ...lease, beatType: 'Exclusive' };

describe('the entitlement table (docs/product/entitlements.md), cell by cell', () => {
  it.each<[string, EntitlementSource, { mp3: boolean; wav: boolean; stems: boolean }]>([
    ['MP3 lease (cart)', 'lease', { mp3: true, wav: false, stems: false }],
    ['Credit unlock', 'credit', { mp3: true, wav: true, stems: false }],
    ['Stems purchase', 'stems', { mp3: false, wav: false, stems: true }],
    ['Exclusive purchase', 'exclusive', { mp3: true, wav: true, stems: true }],
  ])('%s grants exactly its row', (_name, source, expected) => {
    const beat = source === 'exclusive' ? { ...exclusive, soldAt: new Date() } : lease;
    expect(rightsFrom(free, beat, [source])).toEqual(expected);
  });

  it('VIP plan: mp3 and wav of every Non-Exclusive beat, never stems, never an exclusive', () => {
    expect(rightsFrom(vip, lease, [])).toEqual({ mp3: true, wav: true, stems: false });
    expect(rightsFrom(vip, exclusive, [])).toEqual({ mp3: false, wav: false, stems: false });
  });

  it('VIP plan and isStemsAvailable wait for a new beat to be listed (its preview rendered)', () => {
    const rendering = { ...lease, previewKey: null };
    expect(rightsFrom(vip, rendering, [])).toEqual({ mp3: false, wav: false, stems: false });
    expect(rightsFrom(stemsPass, rendering, [])).toEqual({ mp3: false, wav: false, stems: false });
    expect(rightsFrom(free, rendering, ['lease'])).toEqual({ mp3: true, wav: false, stems: false });
  });

  it('isStemsAvailable: stems where the beat has stems, nothing else', () => {
    expect(rightsFrom(stemsPass, lease, [])).toEqual({ mp3: false, wav: false, stems: true });
    expect(rightsFrom(stemsPass, { ...lease, stemsKey: null }, [])).toEqual({ mp3: false, wav: false, stems: false });
    // An exclusive's stems belong to whoever buys the exclusive.
    expect(rightsFrom(stemsPass, exclusive, [])).toEqual({ mp3: false, wav: false, stems: false });
  });

  it('nothing at all without a row or an account-wide grant', () => {
    expect(rightsFrom(free, lease, [])).toEqual({ mp3: false, wav: false, stems: false });
    expect(rightsFrom({ ...free, userType: 'invitedUser' }, lease, [])).toEqual({ mp3: false, wav: false, stems: false });
  });

  it('grants add up: a lease plus stems, or VIP plus a stems purchase', () => {
    expect(rightsFrom(free, lease, ['lease', 'stems'])).toEqual({ mp3: true, wav: false, stems: true });
    expect(rightsFrom(vip, lease, ['stems'])).toEqual({ mp3: true, wav: true, stems: true });
    expect(rightsFrom(free, lease, ['lease', 'credit'])).toEqual({ mp3: true, wav: true, stems: false });
  });

  it('only files the beat has', () => {
    const bare = { ...lease, wavKey: null, stemsKey: null };
    expect(rightsFrom(free, bare, ['exclusive'])).toEqual({ mp3: true, wav: false, stems: false });
    expect(rightsFrom(vip, bare, [])).toEqual({ mp3: true, wav: false, stems: false });
  });

  it('a deleted or unpublished beat stays downloadable for its owners, not through VIP or isStemsAvailable', () => {
    const deleted = { ...lease, published: false };
    expect(rightsFrom(free, deleted, ['credit'])).toEqual({ mp3: true, wav: true, stems: false });
    expect(rightsFrom(free, deleted, ['stems'])).toEqual({ mp3: false, wav: false, stems: true });
    expect(rightsFrom(vip, deleted, [])).toEqual({ mp3: false, wav: false, stems: false });
    expect(rightsFrom(stemsPass, deleted, [])).toEqual({ mp3: false, wav: false, stems: false });
  });
});

describe('rightsFor reads the rows of the user and beat only', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('combines rows of every source for this user and beat, ignoring other users and beats', async () => {
    const me = await createUser(t);
    const other = await createUser(t, { userType: 'vipUser' });
    const beat = await createBeat(t, { wavKey: 'audio/x.wav', stemsKey: 'stems/x.zip' });
    const otherBeat = await createBeat(t, { wavKey: 'audio/y.wav', stemsKey: 'stems/y.zip' });
    await t.deps.db.insert(entitlements).values([
      { userId: me.id, beatId: beat.id, source: 'lease' },
      { userId: me.id, beatId: otherBeat.id, source: 'exclusive' },
      { userId: other.id, beatId: beat.id, source: 'stems' },
    ]);
    expect(await rightsFor(t.deps, me, beat)).toEqual({ mp3: true, wav: false, stems: false });
    expect(await rightsFor(t.deps, me, otherBeat)).toEqual({ mp3: true, wav: true, stems: true });
    expect(await rightsFor(t.deps, other, beat)).toEqual({ mp3: true, wav: true, stems: true });
    await t.deps.db.insert(entitlements).values({ userId: me.id, beatId: beat.id, source: 'stems' });
    expect(await rightsFor(t.deps, me, beat)).toEqual({ mp3: true, wav: false, stems: true });
  });
});
