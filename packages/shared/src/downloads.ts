/** Unlocks and downloads: credit unlocks, the download check, signed download links and the exclusives' countdown nudge. */
import { z } from 'zod';
import { beatSchema } from './beats.js';
import { id } from './common.js';
import { emailField } from './user.js';

export const fileTypes = ['mp3', 'wav', 'stems'] as const;
export const fileTypeSchema = z.enum(fileTypes, { error: 'fileType must be mp3, wav or stems' });
export type FileType = z.infer<typeof fileTypeSchema>;

/** What one user may download of one beat (the entitlement table of docs/product/entitlements.md, limited to the files the beat has). */
export const downloadRights = z.object({ mp3: z.boolean(), wav: z.boolean(), stems: z.boolean() });
export type DownloadRights = z.infer<typeof downloadRights>;

/** Ways of holding one beat, each kept as a row of the user's entitlements. */
export const entitlementSources = ['lease', 'credit', 'stems', 'exclusive'] as const;
export type EntitlementSource = (typeof entitlementSources)[number];

/**
 * The entitlement table (docs/product/entitlements.md#who-may-download-what): what each way of obtaining a beat
 * grants, before it is limited to the files the beat actually has. `vipPlan` reaches every beat of the VIP catalog.
 * The download rule, the licence PDF and the web app read this one table.
 */
export const grantedRights: Readonly<Record<EntitlementSource | 'vipPlan', Readonly<DownloadRights>>> = {
  lease: { mp3: true, wav: false, stems: false },
  credit: { mp3: true, wav: true, stems: false },
  vipPlan: { mp3: true, wav: true, stems: false },
  stems: { mp3: false, wav: false, stems: true },
  exclusive: { mp3: true, wav: true, stems: true },
};

/**
 * A licence tier's row of the entitlement table (docs/product/entitlements.md#who-may-download-what): exactly the tier's
 * files, as sold (every non-exclusive tier is a kind of lease; the MP3 Lease is `lease` above, the Exclusive `exclusive`).
 */
export function tierRights(files: readonly FileType[]): DownloadRights {
  return { mp3: files.includes('mp3'), wav: files.includes('wav'), stems: files.includes('stems') };
}

/** GET /api/checkCreditDownload/{userId}/{beatId} and GET /api/entitlements/{userId}/{beatId}: the allow flags (docs/product/entitlements.md#download-check), plus the per-file detail behind them. */
export const checkDownloadResponse = z.object({
  /** The mp3 or the wav may be downloaded. */
  isAllowDownload: z.boolean(),
  isAllowStems: z.boolean(),
  rights: downloadRights,
});
export type CheckDownloadResponse = z.infer<typeof checkDownloadResponse>;

export const checkDownloadParams = z.object({ userId: id('userId'), beatId: id('beatId') });
export type CheckDownloadParams = z.infer<typeof checkDownloadParams>;

export const reduceCreditsBody = z.object({ email: emailField, beatId: id('beatId') });
export type ReduceCreditsBody = z.input<typeof reduceCreditsBody>;

export const reduceCreditsResponse = z.object({
  message: z.string(),
  /** Credits left after the unlock. */
  Credits: z.number().int(),
  /** True when the beat was already unlocked and nothing was spent. */
  alreadyUnlocked: z.boolean(),
});
export type ReduceCreditsResponse = z.infer<typeof reduceCreditsResponse>;

export const downloadBody = z.object({ beatId: id('beatId'), userId: id('userId'), fileType: fileTypeSchema });
export type DownloadBody = z.input<typeof downloadBody>;

export const downloadLinkResponse = z.object({
  /** Fetch it with the same account's bearer token before `expiresAt`. */
  url: z.string(),
  expiresAt: z.string(),
  fileName: z.string(),
});
export type DownloadLink = z.infer<typeof downloadLinkResponse>;

export const changeBeatTypeBody = z.object({ beatId: id('beatId') });
export const changeBeatTypeResponse = z.object({
  /** True when this call turned the exclusive over; false when it had not ended yet or had already turned. */
  changed: z.boolean(),
  beat: beatSchema,
});
export type ChangeBeatTypeResponse = z.infer<typeof changeBeatTypeResponse>;

/**
 * GET /api/catalog/version: the catalog's version, which moves with every visible change (a countdown that
 * ended, a sale, an admin edit). Open pages ask for it every few seconds and refetch the catalog when it moves.
 */
export const catalogVersionResponse = z.object({ version: z.number().int() });
export type CatalogVersionResponse = z.infer<typeof catalogVersionResponse>;

/** Every API answer carries the server's clock (milliseconds since 1970) in this header: countdowns run on it. */
export const SERVER_TIME_HEADER = 'X-Server-Time';

/** GET /api/entitlements/{userId}: the beats a user holds by purchase or credit unlock, with what each allows. */
export const ownedBeatSchema = downloadRights.extend({ beatId: z.string() });
export const ownedBeatsResponse = z.object({ beats: z.array(ownedBeatSchema) });
export type OwnedBeats = z.infer<typeof ownedBeatsResponse>;
