import { z } from 'zod';
import { queryWholeNumber } from './common.js';
import { beatSorts, categories, moods, musicalKeys, type MusicalKey } from './discovery.js';

export const beatTypes = ['Exclusive', 'Non-Exclusive'] as const;
export const beatTypeSchema = z.enum(beatTypes);
export type BeatType = z.infer<typeof beatTypeSchema>;

/** The genres (a beat's `category`), defined with the other discovery lists. */
export { categories } from './discovery.js';

/**
 * A beat with its fields as the API names them (docs/product/catalog-and-search.md#listing). File links are never public: `mp3FileLink`,
 * `wavFileLink` and `zipFileLink` are null when the beat has no such file and otherwise name
 * a protected route that checks the caller's entitlement. `streamingMp3FileLink` is the public preview.
 */
export const beatSchema = z.object({
  _id: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  category: z.string().nullable(),
  bpm: z.number().int(),
  releaseDate: z.string(),
  tags: z.array(z.string()),
  price: z.number().nullable(),
  beatType: beatTypeSchema,
  countdownEndTime: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  /** The tagged preview; null while the beat has none (admin lists only: listed beats always have one). */
  streamingMp3FileLink: z.string().nullable(),
  /** Waveform peaks of the preview (waveform-data JSON). */
  waveformLink: z.string().nullable(),
  mp3FileLink: z.string().nullable(),
  wavFileLink: z.string().nullable(),
  zipFileLink: z.string().nullable(),
  hasStems: z.boolean(),
  /** The beat page's address: /beat/{slug} (docs/decisions/0020-beat-pages.md). */
  slug: z.string(),
  /** One of `musicalKeys`, or null when not given. */
  musicalKey: z.enum(musicalKeys as [MusicalKey, ...MusicalKey[]]).nullable(),
  moods: z.array(z.enum(moods)),
  /** Anyone may get the tagged MP3 for an e-mail address (docs/product/free-downloads.md). */
  freeDownload: z.boolean(),
  purchasedAt: z.string().optional(),
});
export type Beat = z.infer<typeof beatSchema>;

export const beatsResponse = z.object({ beats: z.array(beatSchema) });
export type BeatsResponse = z.infer<typeof beatsResponse>;

/** "Hip Hop", "hip hop" and "hip-hop" are one genre; "F# minor", "f#-minor" and "f-sharp-minor" one key. */
const listValue = (value: string) =>
  value
    .trim()
    .toLowerCase()
    .replace(/[-\s]+sharp\b/g, '#')
    .replace(/[-\s]+/g, ' ');

/** A parameter that may be repeated (`?genre=trap&genre=jazz`): each value is matched against a fixed list. */
function repeatable<T extends string>(name: string, values: readonly T[], listed: string) {
  const byValue = new Map(values.map((v) => [listValue(v), v]));
  return z
    .union([z.string(), z.array(z.string())])
    .transform((raw) => (Array.isArray(raw) ? raw : [raw]))
    .pipe(z.array(z.string()).max(values.length * 2, `${name} is repeated too often`))
    .transform((raw, ctx) => {
      const found = new Set<T>();
      for (const value of raw) {
        const match = byValue.get(listValue(value));
        if (!match) {
          ctx.addIssue({ code: 'custom', message: `${name} "${value.slice(0, 40)}" is not one of ${listed}` });
          return z.NEVER;
        }
        found.add(match);
      }
      return [...found];
    })
    .optional();
}

function wholeNumberParam(name: string, min: number, max: number) {
  return z
    .string()
    .regex(/^\d{1,4}$/, `${name} must be a whole number`)
    .transform(Number)
    .refine((n) => n >= min && n <= max, `${name} must be between ${min} and ${max}`)
    .optional();
}

/**
 * The catalog's filters (docs/product/catalog-and-search.md#filters), shared by a page of /api/beats and its
 * facets. Within one filter any listed value matches; different filters must all match.
 */
export const beatFilterFields = {
  q: z.string().max(100, 'Search text must be at most 100 characters').optional(),
  type: beatTypeSchema.optional(),
  genre: repeatable('genre', categories, categories.join(', ')),
  mood: repeatable('mood', moods, moods.join(', ')),
  key: repeatable('key', musicalKeys, 'the 24 keys, written like "F minor" or "A# major"'),
  bpmMin: wholeNumberParam('bpmMin', 20, 400),
  bpmMax: wholeNumberParam('bpmMax', 20, 400),
  /** Dollars: only beats with a price, at most this. */
  priceMax: z
    .string()
    .regex(/^-?\d{1,6}(\.\d{1,2})?$/, 'priceMax must be an amount in dollars, like 49.99')
    .transform(Number)
    .refine((n) => n >= 0, 'priceMax cannot be negative')
    .optional(),
  hasStems: z.enum(['true'], { error: 'hasStems can only be true (leave it out for every beat)' }).optional(),
};

export const bpmRangeInOrder: [(f: { bpmMin?: number; bpmMax?: number }) => boolean, { path: string[]; message: string }] = [
  (f) => f.bpmMin === undefined || f.bpmMax === undefined || f.bpmMin <= f.bpmMax,
  { path: ['bpmMin'], message: 'bpmMin must not be more than bpmMax' },
];

/**
 * The catalog's filters (docs/product/catalog-and-search.md#filters), shared by a page of /api/beats and its
 * facets. Within one filter any listed value matches; different filters must all match.
 */
export const beatFilterQuery = z.object(beatFilterFields).refine(...bpmRangeInOrder);
export type BeatFilterQuery = z.input<typeof beatFilterQuery>;
export type BeatFilters = z.output<typeof beatFilterQuery>;

export const beatPageQuery = z
  .object({
    ...beatFilterFields,
    sort: z.enum(beatSorts, { error: `sort must be one of ${beatSorts.join(', ')}` }).default('newest'),
    limit: queryWholeNumber('limit', 1, 100).default(50),
    cursor: z.string().max(200).optional(),
  })
  .refine(...bpmRangeInOrder);
export type BeatPageQuery = z.input<typeof beatPageQuery>;

const facetCount = z.object({ value: z.string(), count: z.number().int() });
/**
 * Counts per genre, mood, key and BPM band of the listed beats the filters leave, each ignoring its own filter
 * (docs/product/catalog-and-search.md#facets). Every listed value appears, in the lists' order, zero counts included.
 * BPM bands are 10 wide from 60 to 199, with an open band on each side (null: no bound).
 */
export const beatFacetsResponse = z.object({
  genres: z.array(facetCount),
  moods: z.array(facetCount),
  keys: z.array(facetCount),
  bpm: z.array(z.object({ min: z.number().int().nullable(), max: z.number().int().nullable(), count: z.number().int() })),
});
export type BeatFacets = z.infer<typeof beatFacetsResponse>;

export const beatPageResponse = z.object({
  beats: z.array(beatSchema),
  nextCursor: z.string().nullable(),
});
export type BeatPage = z.infer<typeof beatPageResponse>;

/**
 * A beat's page (GET /api/beats/slug/{slug}): the beat, its play count and up to 8 related listed beats, same
 * genre or a shared mood, nearest BPM first. An old slug of a renamed beat answers too: `beat.slug` is the current one.
 */
export const beatDetailResponse = z.object({
  beat: beatSchema,
  /** A sold exclusive: its page says so and offers nothing (no preview, no price). */
  sold: z.boolean(),
  playCount: z.number().int(),
  related: z.array(beatSchema),
});
export type BeatDetail = z.infer<typeof beatDetailResponse>;

export const beatSlugParams = z.object({
  slug: z.string().min(1, 'slug is required').max(200, 'slug is too long'),
});

export const userBeatBody = z.object({
  userId: z.string({ error: 'userId is required' }).uuid('userId is not a valid id'),
  beatId: z.string({ error: 'beatId is required' }).uuid('beatId is not a valid id'),
});
export type UserBeatBody = z.infer<typeof userBeatBody>;

export const playBody = z.object({
  userId: z.string().uuid('userId is not a valid id').optional(),
  beatId: z.string({ error: 'beatId is required' }).uuid('beatId is not a valid id'),
  playbackTime: z
    .number({ error: 'playbackTime must be a number of seconds' })
    .min(0, 'playbackTime cannot be negative')
    .max(60 * 60 * 6, 'playbackTime is too long'),
});
export const playResponse = z.object({ counted: z.boolean() });

