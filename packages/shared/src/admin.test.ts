/**
 * The admin area's forms and queries (docs/product/accounts.md#invited-users, the Add/Edit beat form, analytics,
 * the tag settings, the store pages): what each accepts and the words for what it refuses.
 */
import { describe, expect, it } from 'vitest';
import {
  adminBeatFields,
  adminBeatsQuery,
  adminPageQuery,
  analyticsBeatsQuery,
  analyticsRangeQuery,
  inviteUserBody,
  leadsQuery,
  previewProgressText,
  saleNoticesBody,
  splitTags,
  storePageBody,
  storePageParams,
  tagPlacementBody,
  updateUserBody,
} from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

describe('adminBeatFields', () => {
  const lease = { beatTitle: 'Night Drive', artistName: 'Zoë Quinn', category: 'Hip Hop', bpm: '92', releaseDate: '2026-02-28', beatType: 'Non-Exclusive' };
  const exclusive = { ...lease, beatType: 'Exclusive', price: '249', countdownEndTime: '2026-03-01T12:00:00.000Z' };

  it('turns the form text into typed values', () => {
    expect(
      accepted(adminBeatFields, { ...lease, tags: 'trap, #dark,, Trap ,808', moods: 'Chill, dark, chill', musicalKey: 'F# minor', price: '19.99', freeDownload: 'true' }),
    ).toEqual({
      beatTitle: 'Night Drive',
      artistName: 'Zoë Quinn',
      category: 'Hip Hop',
      bpm: 92,
      releaseDate: '2026-02-28',
      tags: ['trap', 'dark', '808'],
      musicalKey: 'F# minor',
      moods: ['dark', 'chill'],
      beatType: 'Non-Exclusive',
      price: 19.99,
      countdownEndTime: null,
      freeDownload: true,
    });
  });

  it('leaves a lease without a price, key, moods or free download', () => {
    expect(accepted(adminBeatFields, { ...lease, price: ' ', musicalKey: '' })).toMatchObject({ price: null, musicalKey: null, moods: [], tags: [], freeDownload: false });
  });

  it('accepts an exclusive with its price and countdown end', () => {
    expect(accepted(adminBeatFields, exclusive)).toMatchObject({ price: 249, countdownEndTime: '2026-03-01T12:00:00.000Z' });
    expect(accepted(adminBeatFields, { ...lease, releaseDate: '2028-02-29' }).releaseDate).toBe('2028-02-29');
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ beatTitle: ' ' }, { beatTitle: 'Beat Title is required' }],
    [{ beatTitle: 'x'.repeat(121) }, { beatTitle: 'Beat Title must be at most 120 characters' }],
    [{ artistName: undefined }, { artistName: 'Artist Name is required' }],
    [{ category: '' }, { category: 'Category is required' }],
    [{ category: 'Polka' }, { category: 'Category must be one of Electronic, Hip Hop, Rock or Jazz' }],
    [{ bpm: '' }, { bpm: 'BPM is required' }],
    [{ bpm: '92.5' }, { bpm: 'BPM must be a whole number' }],
    [{ bpm: '401' }, { bpm: 'BPM must be between 20 and 400' }],
    [{ releaseDate: '28/02/2026' }, { releaseDate: 'Release Date must be a date (YYYY-MM-DD)' }],
    [{ releaseDate: '2026-13-01' }, { releaseDate: 'Release Date is not a real date' }],
    [{ releaseDate: '2026-02-30' }, { releaseDate: 'Release Date is not a real date' }],
    [{ releaseDate: '2026-02-29' }, { releaseDate: 'Release Date is not a real date' }],
    [{ releaseDate: '2026-04-31' }, { releaseDate: 'Release Date is not a real date' }],
    [{ tags: 'a,b,c,d,e,f,g,h,i,j,k,l,m' }, { tags: 'At most 12 tags' }],
    [{ tags: 'x'.repeat(31) }, { tags: 'Each tag must be at most 30 characters' }],
    [{ musicalKey: 'H minor' }, { musicalKey: 'Key must be one of the 24 keys, like F minor or A# major' }],
    [{ moods: 'dark, sleepy' }, { moods: 'Moods must be among dark, happy, sad, chill, energetic, aggressive, romantic, epic, bouncy, dreamy' }],
    [{ beatType: 'Lease' }, { beatType: 'Type must be Exclusive or Non-Exclusive' }],
    [{ price: '19.999' }, { price: 'Price must be an amount in dollars, like 49.99' }],
    [{ price: '0' }, { price: 'Price must be more than $0.00 and at most $100,000.00' }],
    [{ price: '100000.01' }, { price: 'Price must be more than $0.00 and at most $100,000.00' }],
    [{ countdownEndTime: 'soon' }, { countdownEndTime: 'Countdown end is not a valid date and time' }],
    [{ countdownEndTime: '5' }, { countdownEndTime: 'Countdown end is not a valid date and time' }],
    [{ countdownEndTime: 'Dec 31 2026' }, { countdownEndTime: 'Countdown end is not a valid date and time' }],
    [{ countdownEndTime: '2026-02-30T10:00' }, { countdownEndTime: 'Countdown end is not a valid date and time' }],
    [{ countdownEndTime: '2026-12-31T24:30Z' }, { countdownEndTime: 'Countdown end is not a valid date and time' }],
    [{ freeDownload: 'yes' }, { freeDownload: 'Free download must be true or false' }],
  ])('refuses %j', (change, expected) => {
    expect(refusals(adminBeatFields, { ...lease, ...change })).toEqual(expected);
  });

  it.each([
    ['2026-12-31T23:59:00.000Z', '2026-12-31T23:59:00.000Z'],
    ['2026-12-31T23:59+01:00', '2026-12-31T22:59:00.000Z'],
    ['2026-12-31', '2026-12-31T00:00:00.000Z'],
  ])('takes the countdown end %s as the instant %s', (text, instant) => {
    expect(accepted(adminBeatFields, { ...exclusive, countdownEndTime: text }).countdownEndTime).toBe(instant);
  });

  it('asks an exclusive for its price and countdown end, alongside any other problem', () => {
    expect(refusals(adminBeatFields, { ...exclusive, beatTitle: '', price: '', countdownEndTime: '' })).toEqual({
      beatTitle: 'Beat Title is required',
      price: 'Price is required for an Exclusive beat',
      countdownEndTime: 'Countdown end is required for an Exclusive beat',
    });
  });

  it('splits tags on commas, without hashes, empties or repeats in any case', () => {
    expect(splitTags(' trap,#Dark , ,TRAP,dark,lo-fi ')).toEqual(['trap', 'Dark', 'lo-fi']);
  });
});

describe('the users forms', () => {
  it('invites with credits only when they are ticked as a gift', () => {
    expect(accepted(inviteUserBody, { email: 'New@Demo.Test', fullName: 'New Hire', credits: 3, assignFreeCredits: true })).toEqual({
      email: 'new@demo.test',
      fullName: 'New Hire',
      credits: 3,
      assignFreeCredits: true,
    });
    expect(accepted(inviteUserBody, { email: 'new@demo.test', fullName: 'New Hire', credits: 0 }).assignFreeCredits).toBe(false);
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ credits: 3, assignFreeCredits: false }, { assignFreeCredits: "Tick 'Assign free credits' to give credits to this user" }],
    [{ credits: undefined }, { credits: 'Credits are required' }],
    [{ credits: -1, assignFreeCredits: true }, { credits: 'Credits cannot be negative' }],
    [{ credits: -1 }, { credits: 'Credits cannot be negative' }],
    [{ credits: 1001 }, { credits: 'Credits must be at most 1000' }],
    [{ credits: 2, email: 'not-an-email' }, { email: expect.any(String), assignFreeCredits: "Tick 'Assign free credits' to give credits to this user" }],
    [{ credits: 1.5 }, { credits: 'Credits must be a whole number' }],
    [{ credits: 1001, assignFreeCredits: true }, { credits: 'Credits must be at most 1000' }],
    [{ fullName: ' ' }, { fullName: 'Name is required' }],
    [{ email: 'new' }, { email: 'Email address is invalid' }],
  ])('refuses the invitation %j', (change, expected) => {
    expect(refusals(inviteUserBody, { email: 'new@demo.test', fullName: 'New Hire', credits: 0, ...change })).toEqual(expected);
  });

  it.each([null, 'text', 42, []])('refuses an invitation body that is not an object (%j) without throwing', (body) => {
    expect(inviteUserBody.safeParse(body).success).toBe(false);
  });

  it('changes credits or the stems grant, and refuses an empty change', () => {
    expect(accepted(updateUserBody, { isStemsAvailable: true })).toEqual({ isStemsAvailable: true });
    expect(refusal(updateUserBody, {})).toBe('Send credits or isStemsAvailable to change');
    expect(refusal(updateUserBody, { credits: 100_001 })).toBe('Credits must be at most 100000');
    expect(refusal(updateUserBody, { isStemsAvailable: 'yes' })).toBe('isStemsAvailable must be true or false');
  });
});

describe('the admin lists', () => {
  it('reads a page from the query string, page 1 of 20 by default', () => {
    expect(accepted(adminPageQuery, {})).toEqual({ page: 1, pageSize: 20 });
    expect(accepted(analyticsBeatsQuery, { page: '3', pageSize: '50', sort: 'plays', order: 'asc' })).toEqual({ page: 3, pageSize: 50, sort: 'plays', order: 'asc' });
    expect(accepted(analyticsRangeQuery, {})).toEqual({ days: 30 });
  });

  it.each<[Record<string, unknown>, string]>([
    [{ page: '0' }, 'page must be 1 or more'],
    [{ page: 'last' }, 'page must be a number'],
    [{ page: '100001' }, 'page is too large'],
    [{ pageSize: '101' }, 'pageSize must be between 1 and 100'],
    [{ pageSize: '2.5' }, 'pageSize must be a whole number'],
    [{ cursor: 'x'.repeat(601) }, 'cursor is not valid'],
    [{ sort: 'price' }, 'sort must be one of title, plays, favourites, sales, revenue'],
    [{ order: 'up' }, 'order must be asc or desc'],
  ])('refuses %j', (query, message) => {
    expect(refusal(analyticsBeatsQuery, query)).toBe(message);
  });

  it('filters beats by type, and leads by page alone', () => {
    expect(refusal(adminBeatsQuery, { type: 'Lease' })).toMatch(/^Invalid option/);
    expect(accepted(leadsQuery, { page: '2', q: 'ignored' })).toEqual({ page: 2, pageSize: 20 });
  });

  it('refuses an analytics range outside a week to a year', () => {
    expect(refusal(analyticsRangeQuery, { days: '6' })).toBe('days must be between 7 and 365');
    expect(refusal(analyticsRangeQuery, { days: '366' })).toBe('days must be between 7 and 365');
  });
});

describe('the tag settings', () => {
  it('keeps placements to the thousandth', () => {
    expect(accepted(tagPlacementBody, { firstOffsetSeconds: 3.14159, intervalSeconds: 25, levelDb: -1e-50 })).toEqual({
      firstOffsetSeconds: 3.142,
      intervalSeconds: 25,
      levelDb: 0,
    });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ firstOffsetSeconds: -1 }, { firstOffsetSeconds: 'First tag must be between 0 and 60 seconds' }],
    [{ intervalSeconds: 4.9 }, { intervalSeconds: 'Interval must be between 5 and 120 seconds' }],
    [{ levelDb: 7 }, { levelDb: 'Tag level must be between -24 and 6 dB' }],
    [{ levelDb: '0' }, { levelDb: 'Tag level must be a number' }],
    [{ levelDb: Number.NaN }, { levelDb: 'Tag level must be a number' }],
  ])('refuses %j', (change, expected) => {
    expect(refusals(tagPlacementBody, { firstOffsetSeconds: 3, intervalSeconds: 25, levelDb: 0, ...change })).toEqual(expected);
  });

  it('words the previews’ progress and refuses a sale-notice switch that is not one', () => {
    expect(previewProgressText({ rendered: 412, total: 10_330 })).toBe('412 of 10,330 previews rendered');
    expect(refusal(saleNoticesBody, { enabled: 'on' })).toBe('enabled must be true or false');
  });
});

describe('the store pages', () => {
  it('accepts a known page and its Markdown', () => {
    expect(accepted(storePageParams, { slug: 'refund-policy' })).toEqual({ slug: 'refund-policy' });
    expect(accepted(storePageBody, { body: '# About\n\nBeats.' })).toEqual({ body: '# About\n\nBeats.' });
  });

  it('refuses an unknown page, an empty one and one too long', () => {
    expect(refusal(storePageParams, { slug: 'contact' })).toBe('No such store page: use about, faq, terms, privacy, refund-policy.');
    expect(refusal(storePageBody, { body: ' \n ' })).toBe('Write the page text: a page cannot be empty.');
    expect(refusal(storePageBody, { body: 'x'.repeat(20_001) })).toBe('The page text must be at most 20,000 characters.');
    expect(refusal(storePageBody, {})).toBe('The page text must be a string of Markdown.');
  });
});
