/**
 * The catalog's queries (docs/product/catalog-and-search.md#filters) and the library's (docs/product/library.md):
 * the spellings each filter accepts, and the words for what it refuses.
 */
import { describe, expect, it } from 'vitest';
import { beatPageQuery, beatSlugParams, libraryQuery, musicalKeys, playBody, userBeatBody } from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

describe('beatPageQuery', () => {
  it('reads the filters from a query string, one genre, mood or key in any of its spellings', () => {
    expect(
      accepted(beatPageQuery, {
        q: 'night',
        type: 'Exclusive',
        genre: ['hip-hop', 'Hip Hop', ' JAZZ '],
        mood: 'Dark',
        key: ['f-sharp-minor', 'F# minor', 'a#-major'],
        bpmMin: '90',
        bpmMax: '90',
        priceMax: '49.99',
        hasStems: 'true',
        sort: 'priceAsc',
        limit: '12',
      }),
    ).toEqual({
      q: 'night',
      type: 'Exclusive',
      genre: ['Hip Hop', 'Jazz'],
      mood: ['dark'],
      key: ['F# minor', 'A# major'],
      bpmMin: 90,
      bpmMax: 90,
      priceMax: 49.99,
      hasStems: 'true',
      sort: 'priceAsc',
      limit: 12,
    });
  });

  it('is the newest 50 beats without a query', () => {
    expect(accepted(beatPageQuery, {})).toEqual({ sort: 'newest', limit: 50 });
  });

  it('refuses a beat type other than the two', () => {
    expect(Object.keys(refusals(beatPageQuery, { type: 'Lease' }))).toEqual(['type']);
  });

  it('knows the 24 keys', () => {
    expect(musicalKeys).toHaveLength(24);
    expect(musicalKeys.slice(0, 3)).toEqual(['C major', 'C minor', 'C# major']);
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ q: 'x'.repeat(101) }, 'q', 'Search text must be at most 100 characters'],
    [{ genre: 'polka' }, 'genre', 'genre "polka" is not one of Electronic, Hip Hop, Rock, Jazz'],
    [{ mood: ['dark', 'sleepy'] }, 'mood', 'mood "sleepy" is not one of dark, happy, sad, chill, energetic, aggressive, romantic, epic, bouncy, dreamy'],
    [{ key: 'H minor' }, 'key', 'key "H minor" is not one of the 24 keys, written like "F minor" or "A# major"'],
    [{ genre: Array.from({ length: 9 }, () => 'jazz') }, 'genre', 'genre is repeated too often'],
    [{ bpmMin: '10' }, 'bpmMin', 'bpmMin must be between 20 and 400'],
    [{ bpmMax: '120.5' }, 'bpmMax', 'bpmMax must be a whole number'],
    [{ bpmMin: '140', bpmMax: '90' }, 'bpmMin', 'bpmMin must not be more than bpmMax'],
    [{ priceMax: '49.999' }, 'priceMax', 'priceMax must be an amount in dollars, like 49.99'],
    [{ priceMax: '-1' }, 'priceMax', 'priceMax cannot be negative'],
    [{ hasStems: 'false' }, 'hasStems', 'hasStems can only be true (leave it out for every beat)'],
    [{ sort: 'random' }, 'sort', 'sort must be one of newest, popular, priceAsc, priceDesc, bpmAsc, bpmDesc'],
    [{ limit: '0' }, 'limit', 'limit must be between 1 and 100'],
    [{ limit: '101' }, 'limit', 'limit must be between 1 and 100'],
    [{ limit: 'all' }, 'limit', 'limit must be a number'],
  ])('refuses %j', (query, field, message) => {
    expect(refusals(beatPageQuery, query)).toEqual({ [field]: message });
  });
});

describe('libraryQuery', () => {
  it('takes the catalog filters and one section, 24 beats a page by default', () => {
    expect(accepted(libraryQuery, { genre: 'rock', section: 'owned' })).toEqual({ genre: ['Rock'], section: 'owned', sort: 'newest', limit: 24 });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ section: 'wishlist' }, 'section must be one of owned, vipCatalog'],
    [{ bpmMin: '150', bpmMax: '100' }, 'bpmMin must not be more than bpmMax'],
    [{ cursor: 'x'.repeat(301) }, 'cursor is not valid: use the nextCursor of the previous page.'],
    [{ limit: '500' }, 'limit must be between 1 and 100'],
  ])('refuses %j', (query, message) => {
    expect(refusal(libraryQuery, query)).toBe(message);
  });
});

describe('the beat calls', () => {
  const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';
  const beatId = '8b2f0f2e-6a0e-4f57-9d55-7a1f0a8e3c11';

  it('refuses a slug that is empty or too long', () => {
    expect(refusal(beatSlugParams, { slug: '' })).toBe('slug is required');
    expect(refusal(beatSlugParams, { slug: 's'.repeat(201) })).toBe('slug is too long');
  });

  it('refuses a favourite or cart change without real ids', () => {
    expect(refusals(userBeatBody, {})).toEqual({ userId: 'userId is required', beatId: 'beatId is required' });
    expect(refusals(userBeatBody, { userId, beatId: 'night-drive' })).toEqual({ beatId: 'beatId is not a valid id' });
  });

  it('counts a visitor’s play, and refuses an impossible playback time', () => {
    expect(accepted(playBody, { beatId, playbackTime: 12.5 })).toEqual({ beatId, playbackTime: 12.5 });
    expect(refusal(playBody, { beatId, playbackTime: -1 })).toBe('playbackTime cannot be negative');
    expect(refusal(playBody, { beatId, playbackTime: 6 * 3600 + 1 })).toBe('playbackTime is too long');
    expect(refusal(playBody, { beatId, playbackTime: '12' })).toBe('playbackTime must be a number of seconds');
    expect(refusal(playBody, { userId: 'me', beatId, playbackTime: 12 })).toBe('userId is not a valid id');
  });
});
