/** A row selected as one JSON value decodes to exactly what a plain select of the same columns gives. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inArray, sql } from 'drizzle-orm';
import { beats } from './schema.js';
import { beatDtoColumns, beatDtoJsonRow } from '../modules/beats/beat-dto.js';
import { createBeat, createTestApp, type TestApp } from '../test/helper.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

describe('jsonRow', () => {
  it('gives the same values as a plain select: dates to the microsecond, arrays, nulls, reals, quotes and unicode', async () => {
    const full = await createBeat(t, {
      title: 'Quote " back\\slash — naïve 🎹',
      artistName: 'Ñandú',
      category: 'Trap',
      tags: ['dark', 'a "quoted" tag', 'comma, inside', '{braces}'],
      moods: ['dark', 'chill'],
      releaseDate: new Date('2026-03-04T05:06:07.891Z'),
      countdownEndTime: new Date('2026-12-31T23:59:59.999Z'),
      durationSeconds: 187.3,
      priceCents: 2999,
      wavKey: 'wav/x.wav',
      stemsKey: 'stems/x.zip',
      musicalKey: 'F minor',
      freeDownload: true,
    });
    const bare = await createBeat(t, { category: null, tags: [], priceCents: null, durationSeconds: null, countdownEndTime: null });
    // A time with microseconds, as `now()` writes: JSON carries all six digits and the decoded Date must match.
    await t.deps.db.execute(sql`update beats set release_date = '2026-05-06 07:08:09.123456+00' where id = ${bare.id}`);

    const ids = [full.id, bare.id];
    const plain = await t.deps.db.select(beatDtoColumns).from(beats).where(inArray(beats.id, ids)).orderBy(beats.id);
    const asJson = await t.deps.db.select({ beat: beatDtoJsonRow }).from(beats).where(inArray(beats.id, ids)).orderBy(beats.id);

    expect(asJson.map((r) => r.beat)).toEqual(plain);
    const decoded = asJson.map((r) => r.beat).find((b) => b.id === full.id)!;
    expect(decoded.releaseDate).toBeInstanceOf(Date);
    expect(decoded.tags).toEqual(['dark', 'a "quoted" tag', 'comma, inside', '{braces}']);
    expect(decoded.countdownEndTime?.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(decoded.title).toBe('Quote " back\\slash — naïve 🎹');
    const other = asJson.map((r) => r.beat).find((b) => b.id === bare.id)!;
    expect(other).toMatchObject({ category: null, tags: [], priceCents: null, durationSeconds: null, countdownEndTime: null, wavKey: null });
  });
});
