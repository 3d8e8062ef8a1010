/**
 * Migration 0019 on a store that already has beats (docs/decisions/0015-query-plans.md#the-vip-catalogs-size): the
 * VIP catalog's size starts at the count of its listed Non-Exclusive beats, and writes move it from there.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateFrom, migrationTestDatabase } from '../test/migrations.js';

const { database: db, folders } = migrationTestDatabase(18);

const kept = async () => Number((await db().db.execute<{ n: string }>(sql`select vip_catalog_size as n from catalog_version`)).rows[0]!.n);
const insert = (type: string, published: boolean, preview: string | null, sold: boolean) =>
  db().db.execute(sql`
    insert into beats (title, artist_name, bpm, release_date, beat_type, mp3_key, published, preview_key, sold_at)
    values ('Existing', 'Artist', 100, now(), ${type}, 'k', ${published}, ${preview}, ${sold ? sql`now()` : null})`);

describe('migration 0019 on existing beats', () => {
  it('counts the listed Non-Exclusive beats already there, then follows later writes', async () => {
    await migrateFrom(db(), folders()[0]!);
    await insert('Non-Exclusive', true, 'p.mp3', false);
    await insert('Non-Exclusive', true, 'p.mp3', false);
    await insert('Non-Exclusive', false, 'p.mp3', false); // a draft
    await insert('Non-Exclusive', true, null, false); // no preview yet
    await insert('Exclusive', true, 'p.mp3', false);
    await insert('Exclusive', true, 'p.mp3', true);

    await db().migrate();
    expect(await kept()).toBe(2);
    await insert('Non-Exclusive', true, 'p.mp3', false);
    await db().db.execute(sql`update beats set preview_key = 'p.mp3' where preview_key is null`);
    expect(await kept()).toBe(4);
    await db().db.execute(sql`delete from beats where beat_type = 'Non-Exclusive' and published`);
    expect(await kept()).toBe(0);
  });
});
