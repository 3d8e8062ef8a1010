/**
 * The facets' snapshot (docs/decisions/0022-catalog-discovery-speed.md): its counts equal the one-query count over listed_beats
 * for any filters, and it follows every write that changes the catalog, in the very next call.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { count, eq } from 'drizzle-orm';
import { categories, moods, musicalKeys } from '@beat/shared';
import { beats, listedBeats } from '../../db/schema.js';
import { readCatalogVersion } from '../../db/catalog-version.js';
import { createBeat, fileTestApp } from '../../test/helper.js';
import { createRandom } from '../../seed/catalog-data.js';
import { allOf, filterConditions, type CatalogFilters } from './catalog-filters.js';
import { catalogFacets, countFacets, facetColumns, facetsBySql, shareLeft } from './facets.service.js';

const t = fileTestApp();
beforeAll(async () => {
  const random = createRandom(22);
  const values: (typeof beats.$inferInsert)[] = [];
  for (let i = 0; i < 120; i++) {
    const exclusive = random.chance(0.2);
    values.push({
      title: `Facet ${i}`,
      artistName: 'Test Artist',
      mp3Key: 'audio/test/beat.mp3',
      previewKey: random.chance(0.05) ? null : 'audio/test/preview.mp3',
      previewRenderKey: 'test-render',
      audioState: 'ready',
      beatType: exclusive ? 'Exclusive' : 'Non-Exclusive',
      category: random.chance(0.1) ? null : random.pick(categories),
      musicalKey: random.chance(0.1) ? null : random.pick(musicalKeys),
      moods: moods.filter(() => random.chance(0.2)),
      bpm: random.pick([40, 59, 60, 95, 120, 140, 199, 200, 260]),
      priceCents: random.pick([null, 0, 1999, 2999, 24900]),
      stemsKey: random.chance(0.5) ? 'audio/test/stems.zip' : null,
      releaseDate: new Date(Date.UTC(2026, 0, 1 + i)),
      tags: random.chance(0.5) ? ['lofi'] : ['trap'],
      published: !random.chance(0.1),
    });
  }
  await t.deps.db.insert(beats).values(values);
});

const filtersArb: fc.Arbitrary<CatalogFilters> = fc.record(
  {
    genre: fc.subarray([...categories], { minLength: 1, maxLength: 3 }),
    mood: fc.subarray([...moods], { minLength: 1, maxLength: 3 }),
    key: fc.subarray([...musicalKeys], { minLength: 1, maxLength: 5 }),
    bpmMin: fc.constantFrom(20, 59, 60, 120, 200),
    bpmMax: fc.constantFrom(59, 95, 140, 400),
    priceMax: fc.constantFrom(0, 19.99, 30, 500),
    hasStems: fc.constant('true' as const),
    type: fc.constantFrom('Exclusive' as const, 'Non-Exclusive' as const),
  },
  { requiredKeys: [] },
);

describe('catalog facets', () => {
  it('counts over the snapshot exactly what one query over listed_beats counts, for any filters', async () => {
    const columns = await facetColumns(t.deps.db, await readCatalogVersion(t.deps.db));
    expect(columns.size).toBeGreaterThan(90);
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        expect(countFacets(columns, filters)).toEqual(await facetsBySql(t.deps, filters));
      }),
      { numRuns: 150, seed: 22 },
    );
  }, 120_000);

  it('tells the share of the catalog the filters leave exactly, as a count of listed_beats does', async () => {
    const columns = await facetColumns(t.deps.db, await readCatalogVersion(t.deps.db));
    await fc.assert(
      fc.asyncProperty(filtersArb, async (filters) => {
        const [row] = await t.deps.db.select({ n: count() }).from(listedBeats).where(allOf(filterConditions(filters)));
        expect(Math.round(shareLeft(columns, filters) * columns.size)).toBe(row!.n);
      }),
      { numRuns: 100, seed: 23 },
    );
  }, 120_000);

  it('lets nothing through for a genre or key outside the lists, as the query does', async () => {
    const columns = await facetColumns(t.deps.db, await readCatalogVersion(t.deps.db));
    const filters = { genre: ['Polka'], key: ['H minor'] } as unknown as CatalogFilters;
    const counted = countFacets(columns, filters);
    expect(counted).toEqual(await facetsBySql(t.deps, filters));
    expect(counted.moods.every((m) => m.count === 0)).toBe(true);
  });

  it('shows a write in the very next count: an edit, an unpublished beat, a new beat', async () => {
    const count = async (genre: string) => (await catalogFacets(t.deps, {})).genres.find((g) => g.value === genre)!.count;
    const beat = await createBeat(t, { category: 'Jazz', bpm: 101 });
    const jazz = await count('Jazz');
    const rock = await count('Rock');
    await t.deps.db.update(beats).set({ category: 'Rock' }).where(eq(beats.id, beat.id));
    expect([await count('Jazz'), await count('Rock')]).toEqual([jazz - 1, rock + 1]);
    await t.deps.db.update(beats).set({ published: false }).where(eq(beats.id, beat.id));
    expect(await count('Rock')).toBe(rock);
    await createBeat(t, { category: 'Jazz' });
    expect(await count('Jazz')).toBe(jazz);
    expect(await catalogFacets(t.deps, {})).toEqual(await facetsBySql(t.deps, {}));
  });

  it('answers a search by the query, with the same counts as the snapshot would give its matches', async () => {
    const searched = await catalogFacets(t.deps, { q: 'lofi' });
    expect(searched).toEqual(await facetsBySql(t.deps, { q: 'lofi' }));
    const all = await catalogFacets(t.deps, {});
    expect(searched.genres.reduce((n, g) => n + g.count, 0)).toBeLessThan(all.genres.reduce((n, g) => n + g.count, 0));
  });
});
