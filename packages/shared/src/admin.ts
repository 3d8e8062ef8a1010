/** The admin area's requests and answers: beats management, user management, analytics and the audit log. */
import { z } from 'zod';
import { queryWholeNumber } from './common.js';
import { beatSchema, beatTypeSchema, beatTypes, categories } from './beats.js';
import { audioStateSchema, beatFileInfoSchema } from './audio.js';
import { emailField, userSchema } from './user.js';
import { purchaseKindSchema } from './commerce.js';
import { moods, musicalKeys, type MusicalKey } from './discovery.js';

// ── Paging ────────────────────────────────────────────────────────────────────────────

export const adminPageQuery = z.object({
  page: z.coerce
    .number({ error: 'page must be a number' })
    .int('page must be a whole number')
    .min(1, 'page must be 1 or more')
    .max(100_000, 'page is too large')
    .default(1),
  pageSize: queryWholeNumber('pageSize', 1, 100).default(20),
  q: z.string().max(100, 'Search text must be at most 100 characters').optional(),
  /**
   * The previous answer's `nextCursor`: the page starts right after the last row it showed (keyset paging). With a
   * cursor, `page` only numbers the page (the ledger's Serial No.); without one, `page` counts from the first row.
   */
  cursor: z.string().max(600, 'cursor is not valid').optional(),
});
export type AdminPageQuery = z.input<typeof adminPageQuery>;

const pageInfo = {
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Where the next page starts, or null on the last page. */
  nextCursor: z.string().nullable(),
};

// ── Beats ─────────────────────────────────────────────────────────────────────────────

/** Upload limits per file, checked by the server on the bytes themselves (the web form checks sizes early). */
export const MEGABYTE = 1024 * 1024;
export const beatFileRules = {
  mp3: { label: 'MP3', maxBytes: 50 * MEGABYTE, accept: '.mp3,audio/mpeg' },
  wav: { label: 'WAV', maxBytes: 300 * MEGABYTE, accept: '.wav,audio/wav,audio/x-wav' },
  stems: { label: 'Stems ZIP', maxBytes: 1024 * MEGABYTE, accept: '.zip,application/zip' },
} as const;
export type BeatFileKind = keyof typeof beatFileRules;
/**
 * The largest request the store takes: a beat's upload form with its three files at their limits and a megabyte for
 * its fields and part headers. A reverse proxy in front lets requests this large through (client_max_body_size in
 * deploy/nginx-proxy.conf, compared by a test); each route checks its own, smaller limit.
 */
export const largestUploadBytes = beatFileRules.mp3.maxBytes + beatFileRules.wav.maxBytes + beatFileRules.stems.maxBytes + MEGABYTE;
/** Multipart field names of the three files. */
export const beatFileFields: Record<BeatFileKind, string> = { mp3: 'mp3File', wav: 'wavFile', stems: 'stemsFile' };
/** A new beat needs audio: an MP3, or a WAV master from which the store makes the MP3 buyers download (docs/audio-pipeline.md#the-sold-mp3). */
export const beatFileMessages = { mp3Required: 'An MP3 or a WAV file is required.' } as const;

const MAX_TAGS = 12;

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

/** "trap, dark,808" → ['trap', 'dark', '808'] (trimmed, no empties, no case-insensitive duplicates). */
export function splitTags(text: string): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of text.split(',')) {
    const tag = raw.trim().replace(/^#/, '');
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    tags.push(tag);
  }
  return tags;
}

/**
 * An ISO 8601 date and time ("2026-12-31T23:59:00Z", "2026-12-31T23:59+01:00"; without a zone, the local time of
 * whoever parses it: the admin's browser) or a date (its midnight UTC), on a real day and time. `Date.parse` alone
 * takes "5" for May 2001 and 2026-02-30 for March 2nd.
 */
export function isIsoInstant(text: string): boolean {
  const match = /^(\d{4}-\d{2}-\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?$/.exec(text);
  if (!match) return false;
  const [, day, hours = '00', minutes = '00', seconds = '00'] = match;
  const asUtc = new Date(`${day}T${hours}:${minutes}:${seconds}Z`);
  return !Number.isNaN(asUtc.getTime()) && asUtc.toISOString().startsWith(`${day}T${hours}:${minutes}:${seconds}`);
}

/**
 * The Add/Edit beat form's fields as text (a multipart body and an HTML form both carry strings);
 * parsing turns them into typed values. The server and the web form validate with this one schema.
 */
export const adminBeatFields = z
  .object({
    beatTitle: z
      .string({ error: 'Beat Title is required' })
      .trim()
      .min(1, 'Beat Title is required')
      .max(120, 'Beat Title must be at most 120 characters'),
    artistName: z
      .string({ error: 'Artist Name is required' })
      .trim()
      .min(1, 'Artist Name is required')
      .max(120, 'Artist Name must be at most 120 characters'),
    // An empty choice is a missing category, not a wrong one.
    category: z.enum(categories, {
      error: (issue) =>
        issue.input === undefined || issue.input === null || issue.input === ''
          ? 'Category is required'
          : 'Category must be one of Electronic, Hip Hop, Rock or Jazz',
    }),
    bpm: z
      .string({ error: 'BPM is required' })
      .trim()
      .min(1, 'BPM is required')
      .regex(/^\d+$/, 'BPM must be a whole number')
      .transform(Number)
      .refine((n) => n >= 20 && n <= 400, 'BPM must be between 20 and 400'),
    releaseDate: z
      .string({ error: 'Release Date is required' })
      .trim()
      .min(1, 'Release Date is required')
      .regex(/^\d{4}-\d{2}-\d{2}$/, 'Release Date must be a date (YYYY-MM-DD)')
      // A real day reads back as itself: Date.parse alone takes 2026-02-30 for March 2nd.
      .refine((s) => {
        const day = new Date(`${s}T00:00:00Z`);
        return !Number.isNaN(day.getTime()) && day.toISOString().startsWith(s);
      }, 'Release Date is not a real date'),
    tags: z
      .string()
      .max(400, 'Tags must be at most 400 characters')
      .default('')
      .transform(splitTags)
      .refine((t) => t.length <= MAX_TAGS, `At most ${MAX_TAGS} tags`)
      .refine((t) => t.every((tag) => tag.length <= 30), 'Each tag must be at most 30 characters'),
    /** One of the 24 keys as the list writes it ("F minor", "A# major"); empty: not given. */
    musicalKey: optionalText
      .refine((v) => v === undefined || (musicalKeys as readonly string[]).includes(v), 'Key must be one of the 24 keys, like F minor or A# major')
      .transform((v) => (v === undefined ? null : (v as MusicalKey))),
    /** Comma-separated ("dark, chill"): each one of `moods`, repeats dropped, in the list's order. */
    moods: z
      .string()
      .max(200, 'Moods must be at most 200 characters')
      .default('')
      .transform((text) => text.split(',').map((m) => m.trim().toLowerCase()).filter(Boolean))
      .refine((list) => list.every((m) => (moods as readonly string[]).includes(m)), `Moods must be among ${moods.join(', ')}`)
      .transform((list) => moods.filter((m) => list.includes(m))),
    beatType: z.enum(beatTypes, { error: 'Type must be Exclusive or Non-Exclusive' }),
    /** Dollars. Exclusive: the licence price (required). Non-Exclusive: an optional MP3 lease price. */
    price: optionalText
      .refine((v) => v === undefined || /^\d+(\.\d{1,2})?$/.test(v), 'Price must be an amount in dollars, like 49.99')
      .transform((v) => (v === undefined ? null : Number(v)))
      .refine((v) => v === null || (v > 0 && v <= 100_000), 'Price must be more than $0.00 and at most $100,000.00'),
    /** When an Exclusive's countdown ends (ISO date-time); ignored for Non-Exclusive beats. */
    countdownEndTime: optionalText
      .refine((v) => v === undefined || isIsoInstant(v), 'Countdown end is not a valid date and time')
      .transform((v) => (v === undefined ? null : new Date(v).toISOString())),
    /** "true" offers the tagged MP3 for an e-mail address (docs/product/free-downloads.md); absent or "false": not free. */
    freeDownload: z
      .enum(['true', 'false', ''], { error: 'Free download must be true or false' })
      .optional()
      .transform((v) => v === 'true'),
  })
  // `when`: checked even while other fields are wrong, so the form shows every problem at once.
  .refine((beat) => beat.beatType !== 'Exclusive' || (beat.price !== null && beat.price !== undefined), {
    path: ['price'],
    message: 'Price is required for an Exclusive beat',
    when: () => true,
  })
  .refine((beat) => beat.beatType !== 'Exclusive' || (beat.countdownEndTime !== null && beat.countdownEndTime !== undefined), {
    path: ['countdownEndTime'],
    message: 'Countdown end is required for an Exclusive beat',
    when: () => true,
  });
export type AdminBeatFieldsInput = z.input<typeof adminBeatFields>;
export type AdminBeatFields = z.output<typeof adminBeatFields>;

export const beatStatuses = ['published', 'unpublished', 'sold', 'deleted'] as const;
export const adminBeatSchema = beatSchema.extend({
  status: z.enum(beatStatuses),
  published: z.boolean(),
  soldAt: z.string().nullable(),
  deletedAt: z.string().nullable(),
  playCount: z.number().int(),
  hasWav: z.boolean(),
  audioState: audioStateSchema,
  audioError: z.string().nullable(),
  /** A preview can be played (possibly an older one while a new one renders). */
  hasPreview: z.boolean(),
  fileInfo: beatFileInfoSchema,
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminBeat = z.infer<typeof adminBeatSchema>;

export const adminBeatsQuery = adminPageQuery.extend({ type: beatTypeSchema.optional() });
export type AdminBeatsQuery = z.input<typeof adminBeatsQuery>;
export const adminBeatsResponse = z.object({ beats: z.array(adminBeatSchema), ...pageInfo });
export type AdminBeatsPage = z.infer<typeof adminBeatsResponse>;
export const adminBeatResponse = z.object({ beat: adminBeatSchema });

// ── Users ─────────────────────────────────────────────────────────────────────────────

export const adminUsersResponse = z.object({ users: z.array(userSchema), ...pageInfo });
export type AdminUsersPage = z.infer<typeof adminUsersResponse>;
export const adminUserResponse = z.object({ user: userSchema });

const creditsField = z
  .number({ error: 'Credits are required' })
  .int('Credits must be a whole number')
  .min(0, 'Credits cannot be negative')
  .max(1000, 'Credits must be at most 1000');

/** The Invite User form (docs/product/accounts.md#invited-users): Email, Name, Credits, 'Assign free credits' (all but the box required). */
export const inviteUserBody = z
  .object({
    email: emailField,
    /** The invitee's name, which the account carries until they change it. */
    fullName: z
      .string({ error: 'Name is required' })
      .trim()
      .min(1, 'Name is required')
      .max(100, 'Name must be at most 100 characters'),
    credits: creditsField,
    /** Confirms that the credits are a gift: giving credits without ticking it is refused. */
    assignFreeCredits: z.boolean({ error: 'assignFreeCredits must be true or false' }).default(false),
  })
  .refine((b) => b.credits === 0 || b.assignFreeCredits, {
    path: ['assignFreeCredits'],
    message: "Tick 'Assign free credits' to give credits to this user",
    // Asked beside the other fields' problems, but not of an amount that is itself refused (negative, too many):
    // that is told once, by its own message. Not asked of a body that is no object at all (an issue without a path).
    when: (payload) => payload.issues.every((issue) => issue.path !== undefined && issue.path.length > 0 && issue.path[0] !== 'credits'),
  });
export type InviteUserBody = z.input<typeof inviteUserBody>;

export const updateUserBody = z
  .object({
    credits: z
      .number({ error: 'Credits must be a number' })
      .int('Credits must be a whole number')
      .min(0, 'Credits cannot be negative')
      .max(100_000, 'Credits must be at most 100000')
      .optional(),
    isStemsAvailable: z.boolean({ error: 'isStemsAvailable must be true or false' }).optional(),
  })
  .refine((b) => b.credits !== undefined || b.isStemsAvailable !== undefined, 'Send credits or isStemsAvailable to change');
export type UpdateUserBody = z.input<typeof updateUserBody>;

// ── Analytics ─────────────────────────────────────────────────────────────────────────

export const analyticsRangeQuery = z.object({
  days: queryWholeNumber('days', 7, 365).default(30),
});

/** The counts a day and the whole range both report, in the order they are sent. */
const analyticsCounts = {
  beatPurchase: z.number().int(),
  stems: z.number().int(),
  exclusive: z.number().int(),
  vipPlan: z.number().int(),
  beatsSold: z.number().int(),
  newUsers: z.number().int(),
  plays: z.number().int(),
  downloads: z.number().int(),
  creditsSpent: z.number().int(),
  favourites: z.number().int(),
  /** Average length of the sessions that ended in the day or range, in seconds (0 when none did). */
  avgSessionSeconds: z.number(),
};

/** One point per UTC day, oldest first; `date` is YYYY-MM-DD. */
export const analyticsDailyPoint = z.object({
  date: z.string(),
  revenue: z.number(),
  ...analyticsCounts,
});
export type AnalyticsDailyPoint = z.infer<typeof analyticsDailyPoint>;

export const analyticsOverviewResponse = z.object({
  from: z.string(),
  to: z.string(),
  days: z.array(analyticsDailyPoint),
  totals: z.object({
    revenue: z.number(),
    sales: z.number().int(),
    ...analyticsCounts,
  }),
});
export type AnalyticsOverview = z.infer<typeof analyticsOverviewResponse>;

export const analyticsKindLabels = { lease: 'MP3 lease', stems: 'Stems', exclusive: 'Exclusive', vipPlan: 'VIP plan' } as const;

/** A row of the Analytics Users table: one per purchase. */
export const analyticsPurchaseRow = z.object({
  serialNo: z.number().int(),
  id: z.string(),
  name: z.string(),
  email: z.string(),
  item: z.string(),
  kind: purchaseKindSchema,
  amount: z.number(),
  paidIn: z.string(),
  date: z.string(),
  refunded: z.boolean(),
  /** The licence tier bought ("WAV Lease"…); absent for stems and the VIP plan. */
  tier: z.object({ key: z.string(), name: z.string() }).optional(),
});
export type AnalyticsPurchase = z.infer<typeof analyticsPurchaseRow>;
export const analyticsPurchasesResponse = z.object({ purchases: z.array(analyticsPurchaseRow), ...pageInfo });
export type AnalyticsPurchasesPage = z.infer<typeof analyticsPurchasesResponse>;

export const analyticsBeatSorts = ['title', 'plays', 'favourites', 'sales', 'revenue'] as const;
export const analyticsBeatsQuery = adminPageQuery.extend({
  sort: z.enum(analyticsBeatSorts, { error: 'sort must be one of title, plays, favourites, sales, revenue' }).default('revenue'),
  order: z.enum(['asc', 'desc'], { error: 'order must be asc or desc' }).default('desc'),
});
export type AnalyticsBeatsQuery = z.input<typeof analyticsBeatsQuery>;
export const analyticsBeatRow = z.object({
  beatId: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  beatType: beatTypeSchema,
  status: z.enum(beatStatuses),
  plays: z.number().int(),
  favourites: z.number().int(),
  sales: z.number().int(),
  revenue: z.number(),
});
export type AnalyticsBeat = z.infer<typeof analyticsBeatRow>;
export const analyticsBeatsResponse = z.object({ beats: z.array(analyticsBeatRow), ...pageInfo });
export type AnalyticsBeatsPage = z.infer<typeof analyticsBeatsResponse>;

// ── Audit log ─────────────────────────────────────────────────────────────────────────

export const auditEntrySchema = z.object({
  id: z.number().int(),
  actorEmail: z.string(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.string().nullable(),
  before: z.unknown(),
  after: z.unknown(),
  createdAt: z.string(),
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageResponse = z.object({ entries: z.array(auditEntrySchema), ...pageInfo });
export type AuditPage = z.infer<typeof auditPageResponse>;
