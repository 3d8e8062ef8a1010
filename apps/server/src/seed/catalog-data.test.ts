/** The demo store's and the bench's beats are described for the filters: a key and one to three moods each, the same every time. */
import { describe, expect, it } from 'vitest';
import { moods, musicalKeys } from '@beat/shared';
import { catalogEntries } from './catalog-data.js';

const entries = (seed?: number) =>
  [...catalogEntries({ nonExclusive: 2000, exclusive: 10, tracks: 24, tracksWithStems: (i) => i % 2 === 0, now: new Date('2026-06-01T00:00:00Z'), seed })];

describe('catalog entries: key and moods', () => {
  it('gives every beat one of the 24 keys and one to three moods of the list, in the list’s order', () => {
    for (const entry of entries()) {
      expect(musicalKeys).toContain(entry.musicalKey);
      expect(entry.moods.length).toBeGreaterThanOrEqual(1);
      expect(entry.moods.length).toBeLessThanOrEqual(3);
      expect(entry.moods).toEqual(moods.filter((m) => entry.moods.includes(m)));
    }
  });

  it('uses every key and every mood, and leans on the tags (a "dark" or "drill" beat is more often dark)', () => {
    const all = entries();
    expect(new Set(all.map((e) => e.musicalKey)).size).toBe(24);
    expect(new Set(all.flatMap((e) => e.moods)).size).toBe(moods.length);
    const share = (list: typeof all) => list.filter((e) => e.moods.includes('dark')).length / list.length;
    const darkTagged = all.filter((e) => e.tags.includes('dark') || e.tags.includes('drill'));
    const others = all.filter((e) => !e.tags.some((t) => ['dark', 'drill', 'trap', 'phonk', 'cinematic'].includes(t)));
    expect(share(darkTagged)).toBeGreaterThan(share(others) + 0.2);
  });

  it('is the same store for the same seed, another for another', () => {
    expect(entries()).toEqual(entries());
    expect(entries(7).map((e) => e.musicalKey)).not.toEqual(entries().map((e) => e.musicalKey));
  });
});
