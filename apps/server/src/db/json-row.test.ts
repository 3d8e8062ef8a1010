/** A list selected as one JSON value decodes to exactly what a plain select of the same columns gives. */
import { describe, expect, it } from 'vitest';
import { asc, count, desc, inArray, sql } from 'drizzle-orm';
import { beats } from './schema.js';
import { beatDtoColumns } from '../modules/beats/beat-dto.js';
import { jsonRows } from './json-row.js';
import { createBeat, fileTestApp } from '../test/helper.js';

const t = fileTestApp();

describe('jsonRows', () => {
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
    const [asJson] = await t.deps.db.select({ rows: jsonRows(beatDtoColumns, asc(beats.id)) }).from(beats).where(inArray(beats.id, ids));

    expect(asJson!.rows).toEqual(plain);
    const decoded = asJson!.rows.find((b) => b.id === full.id)!;
    expect(decoded.releaseDate).toBeInstanceOf(Date);
    expect(decoded.tags).toEqual(['dark', 'a "quoted" tag', 'comma, inside', '{braces}']);
    expect(decoded.countdownEndTime?.toISOString()).toBe('2026-12-31T23:59:59.999Z');
    expect(decoded.title).toBe('Quote " back\\slash — naïve 🎹');
    const other = asJson!.rows.find((b) => b.id === bare.id)!;
    expect(other).toMatchObject({ category: null, tags: [], priceCents: null, durationSeconds: null, countdownEndTime: null, wavKey: null });
  });

  it('reads a whole list as one value: the same rows in the same order, nothing as an empty list, expressions as they are', async () => {
    const ids: string[] = [];
    for (const [i, title] of ['Bravo', 'alpha', 'Charlie "C"', 'delta'].entries()) {
      const beat = await createBeat(t, { title, bpm: 90 + i, tags: i % 2 ? ['x, y'] : [], releaseDate: new Date(Date.UTC(2026, 0, 1 + i, 0, 0, 0, 123)) });
      ids.push(beat.id);
    }
    const mine = inArray(beats.id, ids);
    for (const order of [[desc(beats.releaseDate)], [asc(beats.bpm), desc(beats.id)]]) {
      const plain = await t.deps.db.select(beatDtoColumns).from(beats).where(mine).orderBy(...order);
      const [all] = await t.deps.db.select({ rows: jsonRows(beatDtoColumns, ...order) }).from(beats).where(mine);
      expect(all!.rows).toEqual(plain);
      expect(all!.rows.map((r) => r.title)).toEqual(plain.map((r) => r.title));
    }

    const [none] = await t.deps.db.select({ rows: jsonRows(beatDtoColumns) }).from(beats).where(sql`false`);
    expect(none!.rows).toEqual([]);

    // A subquery's sums, as the analytics' days read them.
    const perTitle = t.deps.db
      .select({ title: beats.title, bpm: sql<number>`sum(${beats.bpm})`.as('bpm_sum'), n: count().as('n') })
      .from(beats)
      .where(mine)
      .groupBy(beats.title)
      .as('per_title');
    const [sums] = await t.deps.db.select({ rows: jsonRows({ title: perTitle.title, bpm: perTitle.bpm, n: perTitle.n }, desc(perTitle.bpm)) }).from(perTitle);
    expect(sums!.rows).toEqual([
      { title: 'delta', bpm: 93, n: 1 },
      { title: 'Charlie "C"', bpm: 92, n: 1 },
      { title: 'alpha', bpm: 91, n: 1 },
      { title: 'Bravo', bpm: 90, n: 1 },
    ]);
  });
});
