/**
 * Migration 0020 on a store that already has beats (docs/decisions/0015-query-plans.md#stored-answer-rows): every beat
 * gets its stored response row, built from its columns, without a new catalog version; writes keep it from there.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { jsonRow } from './json-row.js';
import { beatDtoColumns } from '../modules/beats/beat-dto.js';
import { migrateFrom, migrationTestDatabase } from '../test/migrations.js';

const { database: db, folders } = migrationTestDatabase(19);

const version = async () => (await db().db.execute<{ v: string }>(sql`select version::text as v from catalog_version`)).rows[0]!.v;
const rows = () =>
  db().db.transaction(async (tx) => {
    await tx.execute(sql`set local timezone = 'UTC'`);
    return (
      await tx.execute<{ title: string; stored: string | null; built: string }>(
        sql`select title, answer_row::text as stored, ${jsonRow(beatDtoColumns)}::text as built from beats order by title`,
      )
    ).rows;
  });
const insert = (title: string, tags: string) =>
  db().db.execute(sql`
    insert into beats (title, artist_name, bpm, release_date, beat_type, mp3_key, preview_key, tags, price_cents)
    values (${title}, 'Artist', 100, now(), 'Non-Exclusive', 'k', 'p.mp3', ${tags}::text[], 1999)`);

describe('migration 0020 on existing beats', () => {
  it("stores each beat's answer row without bumping the catalog's version, then follows later writes", async () => {
    await migrateFrom(db(), folders()[0]!);
    await insert('Existing One', '{a,"b, c"}');
    await insert('Existing Two', '{}');
    const versionBefore = await version();

    await db().migrate();
    expect(await version()).toBe(versionBefore);
    const existing = await rows();
    expect(existing.map((r) => r.title)).toEqual(['Existing One', 'Existing Two']);
    for (const row of existing) expect(row.stored).toBe(row.built);

    await insert('Existing Three', '{d}');
    await db().db.execute(sql`update beats set title = 'Existing One Renamed', price_cents = 2999 where title = 'Existing One'`);
    const later = await rows();
    expect(later).toHaveLength(3);
    for (const row of later) expect(row.stored).toBe(row.built);
    expect(later[0]!.stored).toContain('existing-one-renamed');
  });
});
