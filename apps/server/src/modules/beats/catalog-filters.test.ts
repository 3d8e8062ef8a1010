/**
 * The catalog's filters, sorts and facets (docs/product/catalog-and-search.md#filters) against a brute-force answer
 * computed in JavaScript over every beat: random filter combinations, every sort, paged across page boundaries.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { eq } from 'drizzle-orm';
import {
  beatSorts,
  categories,
  moods,
  musicalKeys,
  type Beat,
  type BeatFacets,
  type BeatPage,
  type BeatSort,
  type Mood,
  type MusicalKey,
} from '@beat/shared';
import { beats, listedBeats, plays, type BeatRow } from '../../db/schema.js';
import { createBeat, fixedClock, fileTestApp } from '../../test/helper.js';
import { createRandom } from '../../seed/catalog-data.js';
import { readCatalogVersion } from '../../db/catalog-version.js';
import { bpmBand, BPM_BANDS } from './facets.service.js';
import { refreshPopularity } from './popularity.service.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
const day = 86_400_000;
let rows: BeatRow[] = [];
const recent = new Map<string, number>();

const t = fileTestApp({ clock });
beforeAll(async () => {
  const random = createRandom(21);
  const prices = [null, 1999, 2499, 2999, 3499, 24900, 49900];
  const tempos = [55, 70, 85, 90, 99, 100, 128, 140, 140, 150, 199, 200, 240];
  const values: (typeof beats.$inferInsert)[] = [];
  for (let i = 0; i < 90; i++) {
    const exclusive = random.chance(0.15);
    values.push({
      title: `Beat ${i}`,
      artistName: 'Test Artist',
      mp3Key: 'audio/test/beat.mp3',
      previewKey: 'audio/test/preview.mp3',
      previewRenderKey: 'test-render',
      audioState: 'ready',
      beatType: exclusive ? 'Exclusive' : 'Non-Exclusive',
      category: random.chance(0.05) ? null : random.pick(categories),
      musicalKey: random.chance(0.1) ? null : random.pick(musicalKeys),
      moods: moods.filter(() => random.chance(0.25)),
      bpm: random.pick(tempos),
      priceCents: exclusive ? random.pick([24900, 49900]) : random.pick(prices),
      stemsKey: random.chance(0.4) ? 'audio/test/stems.zip' : null,
      // Few distinct dates: the id breaks ties, so pages must not lose or repeat beats of one date.
      releaseDate: new Date(clock.now().getTime() - random.int(1, 6) * day),
      tags: random.chance(0.3) ? ['lofi', 'night'] : ['trap'],
      published: !random.chance(0.08),
      soldAt: exclusive && random.chance(0.2) ? new Date() : null,
      countdownEndTime: exclusive ? new Date(clock.now().getTime() + 5 * day) : null,
    });
  }
  const inserted = await t.deps.db.insert(beats).values(values).returning();
  // Plays: some in the last 30 days (they count for "popular"), some older (they do not).
  const playRows = inserted.flatMap((beat, i) =>
    Array.from({ length: i % 5 }, (_, p) => ({ beatId: beat.id, seconds: 30, createdAt: new Date(clock.now().getTime() - (p * 12 + 1) * day) })),
  );
  await t.deps.db.insert(plays).values(playRows);
  await refreshPopularity(t.deps);
  rows = (await t.deps.db.select().from(beats)).filter((b) => b.published && !b.soldAt && b.previewKey);
  for (const row of await t.deps.db.select().from(listedBeats)) recent.set(row.beatId, row.recentPlays);
});

interface Filters {
  genre?: string[];
  mood?: Mood[];
  key?: MusicalKey[];
  bpmMin?: number;
  bpmMax?: number;
  priceMax?: number;
  hasStems?: boolean;
  type?: 'Exclusive' | 'Non-Exclusive';
  q?: string;
}

function queryOf(f: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams();
  for (const g of f.genre ?? []) params.append('genre', g);
  for (const m of f.mood ?? []) params.append('mood', m);
  for (const k of f.key ?? []) params.append('key', k);
  if (f.bpmMin !== undefined) params.set('bpmMin', String(f.bpmMin));
  if (f.bpmMax !== undefined) params.set('bpmMax', String(f.bpmMax));
  if (f.priceMax !== undefined) params.set('priceMax', String(f.priceMax));
  if (f.hasStems) params.set('hasStems', 'true');
  if (f.type) params.set('type', f.type);
  if (f.q) params.set('q', f.q);
  for (const [k, v] of Object.entries(extra)) params.set(k, v);
  return params.toString();
}

/** The filters, written out once more in plain JavaScript; `without` leaves one facet's own filter out. */
function matches(b: BeatRow, f: Filters, without?: 'genre' | 'mood' | 'key' | 'bpm'): boolean {
  if (f.type && b.beatType !== f.type) return false;
  if (f.q && ![b.title, ...b.tags, b.artistName, b.category ?? ''].some((s) => s.toLowerCase().includes(f.q!.toLowerCase()))) return false;
  if (without !== 'genre' && f.genre?.length && !f.genre.includes(b.category ?? '')) return false;
  if (without !== 'mood' && f.mood?.length && !b.moods.some((m) => f.mood!.includes(m))) return false;
  if (without !== 'key' && f.key?.length && !f.key.includes(b.musicalKey!)) return false;
  if (without !== 'bpm' && f.bpmMin !== undefined && b.bpm < f.bpmMin) return false;
  if (without !== 'bpm' && f.bpmMax !== undefined && b.bpm > f.bpmMax) return false;
  if (f.priceMax !== undefined && (b.priceCents === null || b.priceCents > f.priceMax * 100)) return false;
  if (f.hasStems && !b.stemsKey) return false;
  return true;
}

const sortKey: Record<BeatSort, (b: BeatRow) => number> = {
  newest: (b) => -b.releaseDate.getTime(),
  popular: (b) => -(recent.get(b.id) ?? 0),
  priceAsc: (b) => b.priceCents ?? Number.MAX_SAFE_INTEGER,
  priceDesc: (b) => -(b.priceCents ?? -1),
  bpmAsc: (b) => b.bpm,
  bpmDesc: (b) => -b.bpm,
};
const descendingIds = new Set<BeatSort>(['newest', 'popular', 'priceDesc', 'bpmDesc']);

function expected(f: Filters, sort: BeatSort): string[] {
  const key = sortKey[sort];
  const tie = descendingIds.has(sort) ? -1 : 1;
  return rows
    .filter((b) => matches(b, f))
    .sort((a, b) => key(a) - key(b) || (a.id < b.id ? -tie : a.id > b.id ? tie : 0))
    .map((b) => b.id);
}

async function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function allPages(f: Filters, sort: BeatSort, limit: number): Promise<string[]> {
  const ids: string[] = [];
  let cursor: string | null = null;
  for (let pages = 0; pages < 100; pages++) {
    const res = await get(`/api/beats?${queryOf(f, { sort, limit: String(limit), ...(cursor ? { cursor } : {}) })}`);
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json() as BeatPage;
    expect(page.beats.length).toBeLessThanOrEqual(limit);
    ids.push(...page.beats.map((b) => b._id));
    cursor = page.nextCursor;
    if (!cursor) return ids;
  }
  throw new Error('too many pages');
}

const filtersArb: fc.Arbitrary<Filters> = fc.record(
  {
    genre: fc.subarray([...categories], { minLength: 1, maxLength: 2 }),
    mood: fc.subarray([...moods], { minLength: 1, maxLength: 3 }),
    key: fc.subarray([...musicalKeys], { minLength: 1, maxLength: 6 }),
    bpmMin: fc.constantFrom(60, 90, 100, 140),
    bpmMax: fc.constantFrom(99, 140, 200, 400),
    priceMax: fc.constantFrom(0, 19.99, 25, 34.99, 499),
    hasStems: fc.constant(true),
    type: fc.constantFrom('Exclusive' as const, 'Non-Exclusive' as const),
    q: fc.constantFrom('lofi', 'beat 1'),
  },
  { requiredKeys: [] },
).filter((f) => f.bpmMin === undefined || f.bpmMax === undefined || f.bpmMin <= f.bpmMax);

describe('GET /api/beats with filters and sorts', () => {
  it('pages every sort without a filter across page boundaries: nothing repeated, nothing skipped, in order', async () => {
    expect(rows.length).toBeGreaterThan(60);
    for (const sort of beatSorts) expect(await allPages({}, sort, 7)).toEqual(expected({}, sort));
  });

  it('answers random filter combinations under every sort as the brute-force count does', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, fc.constantFrom(...beatSorts), fc.constantFrom(3, 10), async (f, sort, limit) => {
        expect(await allPages(f, sort, limit)).toEqual(expected(f, sort));
      }),
      { numRuns: 60, seed: 13 },
    );
  }, 120_000);

  it('lists the newest first by default, and "popular" by plays of the last 30 days only', async () => {
    const first = (await get('/api/beats?limit=100')).json() as BeatPage;
    expect(first.beats.map((b) => b._id)).toEqual(expected({}, 'newest'));
    const since = clock.now().getTime() - 30 * day;
    const all = await t.deps.db.select().from(plays);
    const older = all.filter((p) => p.createdAt.getTime() < since);
    expect(older.length).toBeGreaterThan(0);
    for (const row of rows) {
      expect(recent.get(row.id)).toBe(all.filter((p) => p.beatId === row.id && p.createdAt.getTime() >= since).length);
    }
    const popular = ((await get('/api/beats?limit=100&sort=popular')).json() as BeatPage).beats;
    expect(popular.map((b) => b._id)).toEqual(expected({}, 'popular'));
    expect(recent.get(popular[0]!._id)).toBe(3);
  });

  it('shows each beat’s key and moods', async () => {
    const { beats: listed } = (await get('/api/beats?limit=100')).json() as { beats: Beat[] };
    for (const beat of listed) {
      const row = rows.find((r) => r.id === beat._id)!;
      expect(beat.musicalKey).toBe(row.musicalKey);
      expect(beat.moods).toEqual(row.moods);
    }
  });

  it('matches genres and keys however they are written', async () => {
    const hipHop = expected({ genre: ['Hip Hop'] }, 'newest');
    expect(hipHop.length).toBeGreaterThan(0);
    for (const genre of ['hip-hop', 'HIP HOP', ' hip hop ']) expect(await allPages({ genre: [genre] }, 'newest', 50)).toEqual(hipHop);
    const fMinor = expected({ key: ['F minor', 'A# major'] }, 'bpmAsc');
    for (const spelling of [['F-minor', 'a#-major'], ['f minor', 'A-sharp-major']]) {
      expect(await allPages({ key: spelling as MusicalKey[] }, 'bpmAsc', 50)).toEqual(fMinor);
    }
  });

  it('refuses a cursor from another sort, or one that is not a cursor', async () => {
    const page = (await get('/api/beats?limit=5&sort=priceAsc')).json() as BeatPage;
    const other = await get(`/api/beats?limit=5&sort=bpmDesc&cursor=${page.nextCursor}`);
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toMatch(/cursor belongs to another sort/);
    const newest = await get(`/api/beats?limit=5&cursor=${page.nextCursor}`);
    expect(newest.statusCode).toBe(400);
    const forged = Buffer.from('priceAsc|cheap|00000000-0000-0000-0000-000000000000').toString('base64url');
    const bad = await get(`/api/beats?sort=priceAsc&cursor=${forged}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toMatch(/cursor is not valid/);
  });

  it.each([
    ['mood=gloomy', /mood "gloomy" is not one of dark, happy/],
    ['key=H%20minor', /key "H minor" is not one of the 24 keys/],
    ['genre=polka', /genre "polka" is not one of Electronic, Hip Hop, Rock, Jazz/],
    ['bpmMin=150&bpmMax=120', /bpmMin must not be more than bpmMax/],
    ['bpmMin=fast', /bpmMin must be a whole number/],
    ['bpmMax=1000', /bpmMax must be between 20 and 400/],
    ['priceMax=-5', /priceMax cannot be negative/],
    ['priceMax=cheap', /priceMax must be an amount in dollars/],
    ['hasStems=yes', /hasStems can only be true/],
    ['sort=loudest', /sort must be one of newest, popular, priceAsc, priceDesc, bpmAsc, bpmDesc/],
  ])('answers 400 naming the parameter for %s', async (query, message) => {
    for (const path of ['/api/beats', '/api/beats/facets']) {
      if (path.endsWith('facets') && query.startsWith('sort')) continue;
      const res = await get(`${path}?${query}`);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toMatch(message);
    }
  });
});

describe('GET /api/beats/facets', () => {
  function bruteFacets(f: Filters): BeatFacets {
    const count = (facet: 'genre' | 'mood' | 'key' | 'bpm', test: (b: BeatRow) => boolean) =>
      rows.filter((b) => matches(b, f, facet) && test(b)).length;
    return {
      genres: categories.map((value) => ({ value, count: count('genre', (b) => b.category === value) })),
      moods: moods.map((value) => ({ value, count: count('mood', (b) => b.moods.includes(value)) })),
      keys: musicalKeys.map((value) => ({ value, count: count('key', (b) => b.musicalKey === value) })),
      bpm: BPM_BANDS.map((band, i) => ({ ...band, count: count('bpm', (b) => bpmBand(b.bpm) === i) })),
    };
  }

  it('counts every value with no filter, bands included', async () => {
    const res = await get('/api/beats/facets');
    expect(res.statusCode).toBe(200);
    const facets = res.json() as BeatFacets;
    expect(facets).toEqual(bruteFacets({}));
    expect(facets.bpm[0]).toMatchObject({ min: null, max: 59 });
    expect(facets.bpm[1]).toMatchObject({ min: 60, max: 69 });
    expect(facets.bpm.at(-1)).toMatchObject({ min: 200, max: null });
    expect(facets.genres.reduce((n, g) => n + g.count, 0)).toBe(rows.filter((b) => b.category !== null).length);
  });

  it('counts what the other filters leave, each facet ignoring its own, as a brute-force count does', async () => {
    await fc.assert(
      fc.asyncProperty(filtersArb, async (f) => {
        const res = await get(`/api/beats/facets?${queryOf(f)}`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toEqual(bruteFacets(f));
      }),
      { numRuns: 80, seed: 21 },
    );
  }, 120_000);
});

describe('the listed beats and their popularity', () => {
  it('follows every change of a beat: edited, renamed, unpublished, sold, deleted', async () => {
    const beat = await createBeat(t, { title: 'Follow Me', bpm: 123, musicalKey: 'E minor', moods: ['epic'] });
    const listed = async () => (await t.deps.db.select().from(listedBeats).where(eq(listedBeats.beatId, beat.id)))[0];
    expect(await listed()).toMatchObject({ bpm: 123, musicalKey: 'E minor', moodBits: 1 << moods.indexOf('epic'), hasStems: false });
    await t.deps.db.update(beats).set({ bpm: 124, moods: ['epic', 'dark'], stemsKey: 'audio/test/stems.zip' }).where(eq(beats.id, beat.id));
    expect(await listed()).toMatchObject({ bpm: 124, moodBits: (1 << moods.indexOf('epic')) | 1, hasStems: true });
    await t.deps.db.update(beats).set({ title: 'Renamed Probe', tags: ['Glitch'] }).where(eq(beats.id, beat.id));
    expect((await listed())!.searchText).toMatch(/^renamed probe\nglitch\n/);
    await t.deps.db.update(beats).set({ published: false }).where(eq(beats.id, beat.id));
    expect(await listed()).toBeUndefined();
    await t.deps.db.update(beats).set({ published: true }).where(eq(beats.id, beat.id));
    expect(await listed()).toBeDefined();
    await t.deps.db.update(beats).set({ soldAt: new Date() }).where(eq(beats.id, beat.id));
    expect(await listed()).toBeUndefined();
    await t.deps.db.update(beats).set({ soldAt: null }).where(eq(beats.id, beat.id));
    await t.deps.db.delete(beats).where(eq(beats.id, beat.id));
    expect(await listed()).toBeUndefined();
  });

  it('refreshes popularity by writing only changed beats, and moves the catalog version only then', async () => {
    const before = await readCatalogVersion(t.deps.db);
    expect(await refreshPopularity(t.deps)).toBe(0);
    expect(await readCatalogVersion(t.deps.db)).toBe(before);
    const [beat] = await t.deps.db.select().from(listedBeats).limit(1);
    await t.deps.db.insert(plays).values({ beatId: beat!.beatId, seconds: 30, createdAt: clock.now() });
    expect(await readCatalogVersion(t.deps.db)).toBe(before);
    expect(await refreshPopularity(t.deps)).toBe(1);
    expect(await readCatalogVersion(t.deps.db)).toBeGreaterThan(before);
    const [after] = await t.deps.db.select().from(listedBeats).where(eq(listedBeats.beatId, beat!.beatId));
    expect(after!.recentPlays).toBe(beat!.recentPlays + 1);
    recent.set(beat!.beatId, after!.recentPlays);
  });

  it('refuses a key or a mood outside the lists in the database too', async () => {
    const [beat] = await t.deps.db.select().from(beats).limit(1);
    await expect(t.deps.db.update(beats).set({ musicalKey: 'H minor' as MusicalKey }).where(eq(beats.id, beat!.id))).rejects.toThrow();
    await expect(t.deps.db.update(beats).set({ moods: ['gloomy' as Mood] }).where(eq(beats.id, beat!.id))).rejects.toThrow();
  });
});
