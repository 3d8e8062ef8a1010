/** A row selected as one JSON value decodes to exactly what a plain select of the same columns gives. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc, count, desc, inArray, sql } from 'drizzle-orm';
import { beats } from './schema.js';
import { beatDtoColumns, beatDtoJsonRow } from '../modules/beats/beat-dto.js';
import { jsonRow, jsonRows } from './json-row.js';
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

/** Every beat's stored response row against one built from its columns now, as text. */
async function storedAgainstBuilt(): Promise<{ id: string; stored: string; built: string }[]> {
  return t.deps.db.transaction(async (tx) => {
    // The stored rows print dates in UTC.
    await tx.execute(sql`set local timezone = 'UTC'`);
    const { rows } = await tx.execute<{ id: string; stored: string; built: string }>(sql`
      select id, answer_row::text as stored, ${jsonRow(beatDtoColumns)}::text as built from beats order by id`);
    return rows;
  });
}

describe('stored answer rows', () => {
  it("keeps each beat's row equal to its columns through inserts and every kind of update, the slug included", async () => {
    const beat = await createBeat(t, { title: 'Stored Row', tags: ['a'], priceCents: 1999 });
    await t.deps.db.update(beats).set({ title: 'Stored Row Renamed' }).where(sql`id = ${beat.id}`);
    await t.deps.db.update(beats).set({ priceCents: 2500, tags: ['b', 'c'], moods: ['dark'], musicalKey: 'A minor' }).where(sql`id = ${beat.id}`);
    await t.deps.db.update(beats).set({ previewRenderKey: 'render-2', waveformKey: 'w.json', durationSeconds: 12.5 }).where(sql`id = ${beat.id}`);
    await t.deps.db.update(beats).set({ beatType: 'Exclusive', countdownEndTime: new Date('2027-01-02T03:04:05.678Z') }).where(sql`id = ${beat.id}`);
    // Written from a session on another clock: the row's dates are UTC all the same.
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'America/Los_Angeles'`);
      await tx.execute(sql`update beats set release_date = '2026-07-08 09:10:11.123456+00', free_download = true where id = ${beat.id}`);
    });

    const rows = await storedAgainstBuilt();
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) expect(row.stored).toBe(row.built);
    const [mine] = await t.deps.db.select({ beat: beatDtoJsonRow }).from(beats).where(sql`id = ${beat.id}`);
    expect(mine!.beat).toMatchObject({ title: 'Stored Row Renamed', slug: 'stored-row-renamed', priceCents: 2500, freeDownload: true });
    expect(mine!.beat.releaseDate.toISOString()).toBe('2026-07-08T09:10:11.123Z');
  });

  it("leaves the row, and the catalog's version, as they were when only a counted play changes", async () => {
    const beat = await createBeat(t, { title: 'Played Row', durationSeconds: 187.3 });
    const version = async () => (await t.deps.db.execute<{ v: string }>(sql`select version::text as v from catalog_version`)).rows[0]!.v;
    const row = async () => (await t.deps.db.execute<{ r: string }>(sql`select answer_row::text as r from beats where id = ${beat.id}`)).rows[0]!.r;
    const [before, rowBefore] = [await version(), await row()];
    await t.deps.db.transaction(async (tx) => {
      await tx.execute(sql`set local timezone = 'Asia/Tokyo'`);
      await tx.execute(sql`set local extra_float_digits = 3`);
      await tx.execute(sql`update beats set play_count = play_count + 1 where id = ${beat.id}`);
    });
    expect(await row()).toBe(rowBefore);
    expect(await version()).toBe(before);
  });

  it('decodes a stored row inside a whole list as its columns', async () => {
    const ids = [(await createBeat(t, { title: 'Nested One', bpm: 101 })).id, (await createBeat(t, { title: 'Nested Two', bpm: 102 })).id];
    const mine = inArray(beats.id, ids);
    const plain = await t.deps.db.select({ beat: beatDtoColumns, bpm: beats.bpm }).from(beats).where(mine).orderBy(desc(beats.bpm));
    const [all] = await t.deps.db.select({ rows: jsonRows({ beat: beatDtoJsonRow, bpm: beats.bpm }, desc(beats.bpm)) }).from(beats).where(mine);
    expect(all!.rows).toEqual(plain);
    expect(all!.rows[0]!.beat.releaseDate).toBeInstanceOf(Date);
  });
});
