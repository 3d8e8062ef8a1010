/**
 * The listing rule's spellings agree on every combination of its fields: SQL and predicate, and the database's own
 * (the `listed_beats` table and the VIP catalog's size, kept by triggers).
 */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { beats, catalogVersion, listedBeats } from '../../db/schema.js';
import { createBeat, fileTestApp } from '../../test/helper.js';
import { isListed, isListedBeat } from './listing.js';

const t = fileTestApp();

describe('what is listed (docs/product/catalog-and-search.md#what-is-listed)', () => {
  const cases = [true, false].flatMap((published) =>
    [null, new Date('2026-02-01T00:00:00Z')].flatMap((soldAt) =>
      ['previews/x.mp3', null].map((previewKey) => ({ published, soldAt, previewKey })),
    ),
  );

  it.each(cases)('published $published, soldAt $soldAt, previewKey $previewKey', async (fields) => {
    const vipSize = async () => (await t.deps.db.select({ n: catalogVersion.vipCatalogSize }).from(catalogVersion))[0]!.n;
    const sizeBefore = await vipSize();
    const beat = await createBeat(t, { ...fields, beatType: 'Non-Exclusive' });
    const [row] = await t.deps.db.select({ id: beats.id }).from(beats).where(and(eq(beats.id, beat.id), isListed));
    const expected = fields.published && fields.soldAt === null && fields.previewKey !== null;
    expect(isListedBeat(beat)).toBe(expected);
    expect(row !== undefined).toBe(expected);
    expect((await t.deps.db.select().from(listedBeats).where(eq(listedBeats.beatId, beat.id))).length).toBe(expected ? 1 : 0);
    expect(await vipSize()).toBe(sizeBefore + (expected ? 1 : 0));
  });
});
