/** The listing rule's two spellings (SQL and predicate) agree on every combination of its fields. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { beats } from '../../db/schema.js';
import { createBeat, createTestApp, type TestApp } from '../../test/helper.js';
import { isListed, isListedBeat } from './listing.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('what is listed (docs/product/catalog-and-search.md#what-is-listed)', () => {
  const cases = [true, false].flatMap((published) =>
    [null, new Date('2026-02-01T00:00:00Z')].flatMap((soldAt) =>
      ['previews/x.mp3', null].map((previewKey) => ({ published, soldAt, previewKey })),
    ),
  );

  it.each(cases)('published $published, soldAt $soldAt, previewKey $previewKey', async (fields) => {
    const beat = await createBeat(t, fields);
    const [row] = await t.deps.db.select({ id: beats.id }).from(beats).where(and(eq(beats.id, beat.id), isListed));
    const expected = fields.published && fields.soldAt === null && fields.previewKey !== null;
    expect(isListedBeat(beat)).toBe(expected);
    expect(row !== undefined).toBe(expected);
  });
});
