import { beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { parseBuffer } from 'music-metadata';
import { fileTestApp } from '../test/helper.js';
import { beats, users } from '../db/schema.js';
import { readAll } from '../audio/test-support.js';
import { generateTrack } from './audio/generate-tracks.js';
import { trackBpm } from './catalog-data.js';
import { DEMO_PASSWORD, DEMO_TRACKS, demoAccounts, demoTrackHasStems, insertCatalog, insertDemoAccounts, insertDemoPlanPurchase, storeDemoTracks, trackKeys, type TrackFiles } from './demo-store.js';

const tracks: TrackFiles[] = Array.from({ length: DEMO_TRACKS }, (_, i) => ({
  mp3Key: `audio/t${i}.mp3`,
  wavKey: `audio/t${i}.wav`,
  stemsKey: i % 2 === 0 ? `audio/t${i}.zip` : null,
  durationSeconds: 28,
}));

const t = fileTestApp();
beforeAll(async () => {
  await insertCatalog(t.deps, tracks, { nonExclusive: 330, exclusive: 10 });
  // The catalog as listed once its previews are rendered (rendering is tested in demo-previews.test.ts).
  await t.deps.db.update(beats).set({ previewKey: sql`${beats.mp3Key} || '.preview'`, audioState: 'ready' });
  await insertDemoAccounts(t.deps);
  await insertDemoPlanPurchase(t.deps);
});

describe('the demo store', () => {
  it('has 300+ VIP catalog beats and 8+ exclusives whose countdowns end days ahead', async () => {
    const rows = await t.deps.db.select().from(beats);
    const vip = rows.filter((b) => b.beatType === 'Non-Exclusive');
    const exclusives = rows.filter((b) => b.beatType === 'Exclusive');
    expect(vip.length).toBeGreaterThanOrEqual(320);
    expect(exclusives.length).toBeGreaterThanOrEqual(8);
    const now = Date.now();
    for (const e of exclusives) {
      expect(e.countdownEndTime!.getTime() - now).toBeGreaterThan(2 * 86_400_000);
      expect(e.priceCents).toBeGreaterThan(0);
      expect(e.stemsKey).not.toBeNull(); // exclusives include stems
    }
    // Most leases carry a price, some none; some beats have stems, some don't.
    const priced = vip.filter((b) => b.priceCents !== null).length;
    expect(priced / vip.length).toBeGreaterThan(0.6);
    expect(priced).toBeLessThan(vip.length);
    expect(vip.some((b) => b.stemsKey) && vip.some((b) => !b.stemsKey)).toBe(true);
    // Titles are distinct and realistic; BPMs and tags vary.
    expect(new Set(rows.map((b) => b.title)).size).toBe(rows.length);
    expect(new Set(rows.map((b) => b.bpm)).size).toBeGreaterThan(10);
    expect(rows.every((b) => b.tags.length >= 2)).toBe(true);
    // At least 24 distinct tracks behind the beats.
    expect(new Set(rows.map((b) => b.mp3Key)).size).toBe(DEMO_TRACKS);
  });

  it('has the README demo accounts', async () => {
    const rows = await t.deps.db.select().from(users);
    expect(rows.map((u) => u.email).sort()).toEqual(demoAccounts.map((a) => a.email).sort());
    const byEmail = (email: string) => rows.find((u) => u.email === email)!;
    expect(byEmail('admin@demo.test').isAdmin).toBe(true);
    expect(byEmail('vip@demo.test').userType).toBe('vipUser');
    expect(byEmail('invited@demo.test')).toMatchObject({ userType: 'invitedUser', credits: 3 });
    expect(byEmail('free@demo.test').userType).toBe('freeUser');
    expect(byEmail('newhire@demo.test')).toMatchObject({ userType: 'invitedUser', hasPasswordChanged: false });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'vip@demo.test', password: DEMO_PASSWORD } });
    expect(login.statusCode).toBe(200);
  });

  it("has the VIP member's plan among their purchases, paid, with its license", async () => {
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'vip@demo.test', password: DEMO_PASSWORD } });
    const { token, user } = login.json();
    const res = await t.app.inject({ method: 'GET', url: `/api/getrecentpurchases/${user._id}`, headers: { authorization: `Bearer ${token}` } });
    expect(res.statusCode).toBe(200);
    const [plan, ...rest] = res.json().purchases;
    expect(rest).toEqual([]);
    expect(plan).toMatchObject({ kind: 'vipPlan', purchaseType: 'VIP Plan', beatTitle: 'VIP catalog plan', price: 29, status: 'valid' });
    const licence = await t.app.inject({ method: 'GET', url: `/api/purchases/${plan._id}/licence`, headers: { authorization: `Bearer ${token}` } });
    expect(licence.statusCode).toBe(200);
    // A second seeding of the same store adds no second purchase.
    await insertDemoPlanPurchase(t.deps);
    const again = await t.app.inject({ method: 'GET', url: `/api/getrecentpurchases/${user._id}`, headers: { authorization: `Bearer ${token}` } });
    expect(again.json().purchases).toHaveLength(1);
  });

  it('lists through the paginated API, 50 at a time', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/beats?type=Non-Exclusive&limit=50' });
    expect(res.json().beats).toHaveLength(50);
    const [one] = await t.deps.db.select().from(beats).where(eq(beats.beatType, 'Exclusive')).limit(1);
    expect(one).toBeDefined();
  });
});

describe('the demo tracks', () => {
  it('are made on worker threads as they are made in-process, and stored under their own numbers', async () => {
    const stored = await storeDemoTracks(t.deps, 3);
    expect(stored.map((track) => track.mp3Key)).toEqual([0, 1, 2].map((i) => trackKeys(i).mp3));
    for (const [i, files] of stored.entries()) {
      const track = await generateTrack(i, { bpm: trackBpm(i), withStems: demoTrackHasStems(i) });
      expect(files.durationSeconds).toBe(track.durationSeconds);
      const mp3 = await readAll(t.deps.storage.read(files.mp3Key));
      expect(mp3.equals(track.mp3)).toBe(true);
      // What a buyer of the lease downloads: 320 kbps constant bitrate, stereo, 44.1 kHz.
      const { format } = await parseBuffer(mp3, { mimeType: 'audio/mpeg' });
      expect(format).toMatchObject({ codecProfile: 'CBR', bitrate: 320_000, numberOfChannels: 2, sampleRate: 44_100 });
      expect((await readAll(t.deps.storage.read(files.wavKey))).equals(track.wav)).toBe(true);
      if (track.stemsZip) expect((await readAll(t.deps.storage.read(files.stemsKey!))).equals(track.stemsZip)).toBe(true);
      else expect(files.stemsKey).toBeNull();
    }
  }, 120_000);
});
