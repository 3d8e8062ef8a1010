/**
 * Migration 0022 on a store that has the stored answer rows of 0020: the column and its function go, every beat keeps
 * its values and the catalog's version stays; the lists read beats from their columns from there.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateFrom, migrationTestDatabase } from '../test/migrations.js';

const { database: db, folders } = migrationTestDatabase(21);

const version = async () => (await db().db.execute<{ v: string }>(sql`select version::text as v from catalog_version`)).rows[0]!.v;
const answerRowParts = async () =>
  (
    await db().db.execute<{ n: number }>(sql`
      select (select count(*) from information_schema.columns where table_name = 'beats' and column_name = 'answer_row')
        + (select count(*) from pg_proc where proname = 'beat_answer_row') as n`)
  ).rows[0]!.n;
const beatsNow = async () =>
  (await db().db.execute<{ title: string; slug: string; tags: string[]; price_cents: number }>(sql`select title, slug, tags, price_cents from beats order by title`)).rows;

describe('migration 0022 on existing beats', () => {
  it('drops the stored answer rows and their function, leaving every beat and the catalog version as they were', async () => {
    await migrateFrom(db(), folders()[0]!);
    for (const [title, tags] of [['Existing One', '{a,"b, c"}'], ['Existing Two', '{}']] as const) {
      await db().db.execute(sql`
        insert into beats (title, artist_name, bpm, release_date, beat_type, mp3_key, preview_key, tags, price_cents)
        values (${title}, 'Artist', 100, now(), 'Non-Exclusive', 'k', 'p.mp3', ${tags}::text[], 1999)`);
    }
    expect(Number(await answerRowParts())).toBe(2);
    const [versionBefore, before] = [await version(), await beatsNow()];

    await db().migrate();
    expect(Number(await answerRowParts())).toBe(0);
    expect(await version()).toBe(versionBefore);
    expect(await beatsNow()).toEqual(before);
    expect(before.map((b) => b.slug)).toEqual(['existing-one', 'existing-two']);
  });
});
