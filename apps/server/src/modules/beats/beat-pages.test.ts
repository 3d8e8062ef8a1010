/**
 * Beat pages' addresses and their API (docs/decisions/0020-beat-pages.md): slugs made by the database from the
 * title (folded, unique, kept through renames), GET /api/beats/slug/{slug} with its related beats and play count.
 */
import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import type { BeatDetail } from '@beat/shared';
import { createBeat, fileTestApp } from '../../test/helper.js';
import { beatSlugHistory, beats } from '../../db/schema.js';

const t = fileTestApp();

const detail = (slug: string) => t.app.inject({ method: 'GET', url: `/api/beats/slug/${encodeURIComponent(slug)}` });
const rename = (id: string, title: string) => t.deps.db.update(beats).set({ title }).where(eq(beats.id, id)).returning();

describe('slugs', () => {
  it.each([
    ['Midnight Drip', 'midnight-drip'],
    ['  Café Ñandú — Déjà Vu!  ', 'cafe-nandu-deja-vu'],
    ['Straße Æther Øresund Łódź', 'strasse-aether-oresund-lodz'],
    ['808s & Heartbreak (Remix) #2', '808s-heartbreak-remix-2'],
    ['ＦＵＬＬ　ＷＩＤＴＨ ½', 'full-width-1-2'],
    ['🔥🔥🔥', 'beat'],
    ['東京', 'beat'],
    ['--Already--Hyphenated--', 'already-hyphenated'],
  ])('folds %j into %j', async (title, slug) => {
    const result = await t.deps.db.execute<{ slug: string }>(sql`select beat_slug_base(${title}) as slug`);
    expect(result.rows[0]!.slug).toBe(slug);
  });

  it('keeps a slug to 80 characters, without a hyphen at its end', async () => {
    const beat = await createBeat(t, { title: `${'word '.repeat(15)}${'x'.repeat(30)}` });
    expect(beat.slug.length).toBeLessThanOrEqual(80);
    expect(beat.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every beat its own slug, numbering equal titles, in one insert or many; whatever slug an insert names', async () => {
    const first = await createBeat(t, { title: 'Same Title', slug: 'something-else' });
    const second = await createBeat(t, { title: 'same title!' });
    const together = await t.deps.db
      .insert(beats)
      .values([0, 1, 2].map(() => ({ title: 'Same Title', artistName: 'A', bpm: 100, releaseDate: new Date(), beatType: 'Non-Exclusive' as const, mp3Key: 'k' })))
      .returning();
    expect([first, second, ...together].map((b) => b.slug)).toEqual(['same-title', 'same-title-2', 'same-title-3', 'same-title-4', 'same-title-5']);
  });

  it('gives a renamed beat a new slug and keeps the old one, which no other beat can take', async () => {
    const beat = await createBeat(t, { title: 'Old Name' });
    expect(beat.slug).toBe('old-name');
    const [renamed] = await rename(beat.id, 'New Name');
    expect(renamed!.slug).toBe('new-name');
    const history = await t.deps.db.select().from(beatSlugHistory).where(eq(beatSlugHistory.beatId, beat.id));
    expect(history.map((h) => h.slug)).toEqual(['old-name']);

    // Another beat titled like the old name gets a numbered slug: the old address still leads to the renamed beat.
    const another = await createBeat(t, { title: 'Old Name' });
    expect(another.slug).toBe('old-name-2');

    // A change of case or punctuation keeps the slug; going back to the old title takes the old slug back.
    expect((await rename(beat.id, 'NEW name!'))[0]!.slug).toBe('new-name');
    expect((await rename(beat.id, 'Old Name'))[0]!.slug).toBe('old-name');
    const after = await t.deps.db.select().from(beatSlugHistory).where(eq(beatSlugHistory.beatId, beat.id));
    expect(after.map((h) => h.slug)).toEqual(['new-name']);
  });

  it('refuses a slug written by hand', async () => {
    const beat = await createBeat(t, { title: 'Hands Off' });
    await expect(t.deps.db.update(beats).set({ slug: 'my-own' }).where(eq(beats.id, beat.id))).rejects.toThrow();
  });
});

describe('GET /api/beats/slug/{slug}', () => {
  it('answers the beat, its play count and nothing private; by an old slug too, with the current one', async () => {
    const beat = await createBeat(t, { title: 'Detail Probe', category: 'Jazz', playCount: 41 });
    const res = await detail('detail-probe');
    expect(res.statusCode).toBe(200);
    const body = res.json() as BeatDetail;
    expect(body.beat).toMatchObject({ _id: beat.id, beatTitle: 'Detail Probe', slug: 'detail-probe', category: 'Jazz' });
    expect(body.playCount).toBe(41);

    // A counted play shows at once, though the catalog did not change.
    await t.deps.db.update(beats).set({ playCount: 42 }).where(eq(beats.id, beat.id));
    expect(((await detail('detail-probe')).json() as BeatDetail).playCount).toBe(42);

    await rename(beat.id, 'Detail Probe Renamed');
    const old = await detail('detail-probe');
    expect(old.statusCode).toBe(200);
    expect((old.json() as BeatDetail).beat).toMatchObject({ _id: beat.id, slug: 'detail-probe-renamed', beatTitle: 'Detail Probe Renamed' });
  });

  it('answers a sold exclusive as sold: the beat, without its preview, price, countdown or free download', async () => {
    const sold = await createBeat(t, {
      title: 'Sold Probe',
      beatType: 'Exclusive',
      priceCents: 30000,
      countdownEndTime: new Date(Date.now() + 86_400_000),
      soldAt: new Date(),
    });
    const res = await detail(sold.slug);
    expect(res.statusCode).toBe(200);
    const body = res.json() as BeatDetail;
    expect(body.sold).toBe(true);
    expect(body.beat).toMatchObject({ _id: sold.id, beatTitle: 'Sold Probe', beatType: 'Exclusive', price: null, countdownEndTime: null });
    expect(body.beat).toMatchObject({ streamingMp3FileLink: null, waveformLink: null, freeDownload: false });
    expect(((await detail('detail-probe-renamed')).json() as BeatDetail).sold).toBe(false);
  });

  it('answers 404 with a readable message for an unknown slug and for a beat that is not listed (a sold one that was unpublished or deleted too)', async () => {
    const soldHidden = await createBeat(t, { title: 'Sold Hidden', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date(), published: false });
    const soldDeleted = await createBeat(t, { title: 'Sold Deleted', beatType: 'Exclusive', priceCents: 30000, soldAt: new Date(), deletedAt: new Date() });
    const hidden = await createBeat(t, { title: 'Hidden Probe', published: false });
    const rendering = await createBeat(t, { title: 'Rendering Probe', previewKey: null });
    for (const slug of ['no-such-beat', soldHidden.slug, soldDeleted.slug, hidden.slug, rendering.slug, '%00', 'a'.repeat(100)]) {
      const res = await detail(slug);
      expect(res.statusCode, slug).toBe(404);
      expect(res.json().message).toMatch(/no beat at this address/);
    }
  });

  it('relates up to 8 listed beats of the same genre or a shared mood, nearest BPM first, never itself or an unlisted one', async () => {
    const tag = { tags: ['related-probe'] };
    const beat = await createBeat(t, { ...tag, title: 'Related Centre', category: 'Rock', bpm: 120, moods: ['dark'] });
    const sameGenre = await Promise.all(
      [121, 118, 140, 90, 60, 200, 124, 116, 300].map((bpm) => createBeat(t, { ...tag, title: `Rock ${bpm}`, category: 'Rock', bpm })),
    );
    const sharedMood = await createBeat(t, { ...tag, title: 'Dark Jazz 119', category: 'Jazz', bpm: 119, moods: ['dark', 'chill'] });
    await createBeat(t, { ...tag, title: 'Other Jazz 120', category: 'Jazz', bpm: 120, moods: ['happy'] });
    await createBeat(t, { ...tag, title: 'Sold Rock 120', category: 'Rock', bpm: 120, beatType: 'Exclusive', priceCents: 30000, soldAt: new Date() });
    await createBeat(t, { ...tag, title: 'Hidden Rock 120', category: 'Rock', bpm: 120, published: false });

    const body = (await detail(beat.slug)).json() as BeatDetail;
    const others = body.related.filter((b) => b.tags.includes('related-probe'));
    expect(others).toEqual(body.related);
    expect(body.related.map((b) => b.beatTitle)).toEqual([
      'Rock 121', 'Dark Jazz 119', 'Rock 118', 'Rock 124', 'Rock 116', 'Rock 140', 'Rock 90', 'Rock 60',
    ]);
    expect(body.related.map((b) => b._id)).not.toContain(beat.id);
    expect(sameGenre).toHaveLength(9);
    expect(sharedMood.id).toBe(body.related[1]!._id);
  });

  it('answers a new title at the next request: the cached answer follows the catalog', async () => {
    const beat = await createBeat(t, { title: 'Cache Probe' });
    expect((await detail('cache-probe')).statusCode).toBe(200);
    await t.deps.db.update(beats).set({ published: false }).where(eq(beats.id, beat.id));
    expect((await detail('cache-probe')).statusCode).toBe(404);
    await t.deps.db.update(beats).set({ published: true, bpm: 99 }).where(eq(beats.id, beat.id));
    expect(((await detail('cache-probe')).json() as BeatDetail).beat.bpm).toBe(99);
  });
});
