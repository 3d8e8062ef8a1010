/**
 * Migration 0007 on a store that already has beats (docs/decisions/0020-beat-pages.md): every existing beat gets a
 * slug, the oldest of equal titles the plain one, and the catalog's version moves once.
 */
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { migrateFrom as migrateFolder, migrationTestDatabase } from '../test/migrations.js';

// The migrations before 0007, as a store that has not taken it yet has them; then up to 0007 itself.
const { database: db, folders } = migrationTestDatabase(6, 7);

const migrateFrom = (folder: string) => migrateFolder(db(), folder);

const rows = async <T>(query: ReturnType<typeof sql>) => (await db().db.execute(query)).rows as T[];

describe('migration 0007 on existing beats', () => {
  it('gives each beat a slug, oldest first for equal titles, a title its own plain slug, and bumps the catalog version once', async () => {
    await migrateFrom(folders()[0]!);
    // "Midnight Drip 2" owns the plain slug midnight-drip-2, so the second "midnight drip!" moves on to the first free number.
    const titles = ['Midnight Drip', 'Café Noir', 'midnight drip!', '🔥', 'Midnight Drip', 'Midnight Drip 2'];
    for (const [i, title] of titles.entries()) {
      await db().db.execute(sql`
        insert into beats (title, artist_name, bpm, release_date, beat_type, mp3_key, created_at)
        values (${title}, 'Artist', 100, now(), 'Non-Exclusive', 'k', ${new Date(Date.UTC(2026, 0, 1 + i)).toISOString()}::timestamptz)`);
    }
    const [{ version: versionBefore }] = await rows<{ version: string }>(sql`select version from catalog_version`) as [{ version: string }];

    await migrateFrom(folders()[1]!);

    const slugs = await rows<{ title: string; slug: string }>(sql`select title, slug from beats order by created_at`);
    expect(slugs.map((r) => r.slug)).toEqual(['midnight-drip', 'cafe-noir', 'midnight-drip-4', 'beat', 'midnight-drip-3', 'midnight-drip-2']);
    const [{ version: versionAfter }] = await rows<{ version: string }>(sql`select version from catalog_version`) as [{ version: string }];
    expect(Number(versionAfter)).toBe(Number(versionBefore) + 1);

    // New beats keep numbering after the migrated ones, once every later migration ran too.
    await db().migrate();
    const [added] = await rows<{ slug: string }>(sql`
      insert into beats (title, artist_name, bpm, release_date, beat_type, mp3_key)
      values ('Midnight Drip', 'Artist', 100, now(), 'Non-Exclusive', 'k') returning slug`);
    expect(added!.slug).toBe('midnight-drip-5');
  });
});
