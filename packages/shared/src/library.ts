/**
 * GET /api/users/{userId}/library: every beat the user may download (docs/product/library.md), owned beats first
 * (newest first), then, for VIP members, the rest of the VIP catalog, searchable with the catalog's filters.
 */
import { z } from 'zod';
import { queryWholeNumber } from './common.js';
import { beatFilterFields, bpmRangeInOrder } from './beats.js';
import { beatSorts } from './discovery.js';
import { fileTypeSchema } from './downloads.js';

/** How a beat is held: a purchase of one kind, a credit unlock, or the VIP plan (docs/product/entitlements.md). */
export const libraryHoldKinds = ['lease', 'stems', 'exclusive', 'credit', 'vipPlan'] as const;
export type LibraryHoldKind = (typeof libraryHoldKinds)[number];

/** How the library names each way of holding a beat. */
export const libraryHoldLabels: Record<LibraryHoldKind, string> = {
  lease: 'MP3 Lease',
  stems: 'Stems',
  exclusive: 'Exclusive',
  credit: 'Credit unlock',
  vipPlan: 'VIP Plan',
};

/** The library's two parts, in the order they come. */
export const librarySections = ['owned', 'vipCatalog'] as const;
export type LibrarySection = (typeof librarySections)[number];

export const libraryQuery = z
  .object({
    q: beatFilterFields.q,
    genre: beatFilterFields.genre,
    mood: beatFilterFields.mood,
    key: beatFilterFields.key,
    bpmMin: beatFilterFields.bpmMin,
    bpmMax: beatFilterFields.bpmMax,
    hasStems: beatFilterFields.hasStems,
    priceMax: beatFilterFields.priceMax,
    /** The VIP catalog part's order, as the catalog's; owned beats are always newest first. */
    sort: z.enum(beatSorts, { error: `sort must be one of ${beatSorts.join(', ')}` }).default('newest'),
    /** Only one part: the beats held by purchase or credit, or the VIP catalog beyond them. */
    section: z.enum(librarySections, { error: `section must be one of ${librarySections.join(', ')}` }).optional(),
    limit: queryWholeNumber('limit', 1, 100).default(24),
    cursor: z.string().max(300, 'cursor is not valid: use the nextCursor of the previous page.').optional(),
  })
  .refine(...bpmRangeInOrder);
export type LibraryQuery = z.input<typeof libraryQuery>;

/** One way the user holds the beat, with its licence where one exists. */
export const libraryHoldSchema = z.object({
  kind: z.enum(libraryHoldKinds),
  /** "MP3 Lease", "Credit unlock", "VIP Plan"… */
  label: z.string(),
  /** When it was bought or unlocked; null for a VIP plan the store granted without a purchase. */
  acquiredAt: z.string().nullable(),
  purchaseId: z.string().nullable(),
  /** The checkout it was paid in (the payment confirmation names it), or null. */
  checkoutId: z.string().nullable(),
  /** GET this (signed in) for the licence agreement PDF; null when the hold has no purchase (credit unlocks, a granted plan). */
  licenseUrl: z.string().nullable(),
  /** The licence tier of a purchase ("WAV Lease"…); absent for stems, credit unlocks and the VIP plan. */
  tier: z.object({ key: z.string(), name: z.string() }).optional(),
});
export type LibraryHold = z.infer<typeof libraryHoldSchema>;

/** One file the user may download: POST /api/download with the beat's id and this file type makes its signed link. */
export const libraryFileSchema = z.object({
  fileType: fileTypeSchema,
  /** "MP3", "WAV", "Stems (ZIP)". */
  label: z.string(),
});
export type LibraryFile = z.infer<typeof libraryFileSchema>;

export const libraryItemSchema = z.object({
  section: z.enum(librarySections),
  beat: z.object({
    id: z.string(),
    slug: z.string(),
    title: z.string(),
    artistName: z.string(),
    bpm: z.number().int(),
    category: z.string().nullable(),
    /** The generated cover art as an image, while the beat is in the store; the web app draws it from id and title. */
    artworkUrl: z.string().nullable(),
    /** Still listed in the store (a sold exclusive or a deleted beat is not, and stays downloadable by its owners). */
    inStore: z.boolean(),
  }),
  /** Newest first. */
  holds: z.array(libraryHoldSchema),
  files: z.array(libraryFileSchema),
});
export type LibraryItem = z.infer<typeof libraryItemSchema>;

export const libraryResponse = z.object({
  items: z.array(libraryItemSchema),
  nextCursor: z.string().nullable(),
  /** The user has the VIP plan: the VIP catalog follows the owned beats. */
  vipCatalog: z.boolean(),
});
export type LibraryPage = z.infer<typeof libraryResponse>;

/** How the library names each file. */
export const libraryFileLabels: Record<z.infer<typeof fileTypeSchema>, string> = {
  mp3: 'MP3',
  wav: 'WAV',
  stems: 'Stems (ZIP)',
};
