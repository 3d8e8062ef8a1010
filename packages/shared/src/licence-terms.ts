/**
 * License terms (docs/product/licenses.md#terms): each offer's written terms, which the admin edits. A title, a body
 * with placeholders filled for each buyer, and the numbers buyers look for. A sale keeps the terms in force when its
 * checkout opened; an edit makes a new version and never changes a sold license.
 */
import { z } from 'zod';

/** The offers that carry terms: the four ways of buying, and a credit unlock. */
export const licenceOffers = ['lease', 'stems', 'exclusive', 'vipPlan', 'credit'] as const;
export const licenceOfferSchema = z.enum(licenceOffers, {
  error: `offer must be one of ${licenceOffers.join(', ')}`,
});
export type LicenceOffer = z.infer<typeof licenceOfferSchema>;
export const isLicenceOffer = (key: string): key is LicenceOffer => (licenceOffers as readonly string[]).includes(key);

/** How the screens name each offer's terms. */
export const licenceOfferLabels: Record<LicenceOffer, string> = {
  lease: 'MP3 Lease',
  stems: 'Stems',
  exclusive: 'Exclusive',
  vipPlan: 'VIP Plan',
  credit: 'Credit unlock',
};

/** The placeholders a body may hold; each is filled for the sale the license belongs to. */
export const licencePlaceholders = [
  'buyerName',
  'buyerEmail',
  'beatTitle',
  'artistName',
  'licenceType',
  'price',
  'purchaseDate',
  'licenceId',
] as const;
export type LicencePlaceholder = (typeof licencePlaceholders)[number];

/** What each placeholder reads as where no sale fills it yet (the full text before payment). */
export const licencePlaceholderHints: Record<LicencePlaceholder, string> = {
  buyerName: "[the buyer's name]",
  buyerEmail: "[the buyer's e-mail]",
  beatTitle: '[the beat]',
  artistName: '[the producer]',
  licenceType: '[the license type]',
  price: '[the price paid]',
  purchaseDate: '[the purchase date]',
  licenceId: '[the license id]',
};

const placeholderPattern = /\{([A-Za-z]+)\}/g;

/** The placeholders of `body` that are not known, each once. */
export function unknownPlaceholders(body: string): string[] {
  const known = new Set<string>(licencePlaceholders);
  return [...new Set([...body.matchAll(placeholderPattern)].map((m) => m[1]!))].filter((name) => !known.has(name));
}

/** The body with every known placeholder replaced by its value (or its hint when the value is not given). */
export function fillPlaceholders(body: string, values: Partial<Record<LicencePlaceholder, string>>): string {
  return body.replace(placeholderPattern, (whole, name: string) =>
    (licencePlaceholders as readonly string[]).includes(name)
      ? (values[name as LicencePlaceholder] ?? licencePlaceholderHints[name as LicencePlaceholder])
      : whole,
  );
}

/** A count a license allows: a whole number (0: not allowed), or null for unlimited. */
const allowance = (what: string) =>
  z
    .number({ error: `${what} must be a whole number, or null for unlimited` })
    .int(`${what} must be a whole number`)
    .min(0, `${what} cannot be negative`)
    .max(1_000_000_000, `${what} must be at most 1,000,000,000`)
    .nullable();

/** The numbers of a license, as buyers compare them. */
export const licenceNumbersSchema = z.object({
  distributionCopies: allowance('Distribution copies'),
  audioStreams: allowance('Audio streams'),
  musicVideos: allowance('Music videos'),
  /** Radio stations that may broadcast the song (0: no radio broadcasting). */
  radioStations: allowance('Radio stations'),
  paidPerformances: allowance('Paid performances'),
  /** The song must credit the producer ("Prod. by …"). */
  creditRequired: z.boolean({ error: 'creditRequired must be true or false' }),
  exclusive: z.boolean({ error: 'exclusive must be true or false' }),
  /** The producer's share of the publishing they keep, in percent (0–100), or null when the terms say nothing of it. */
  publishingShare: z
    .number({ error: 'publishingShare must be a percent from 0 to 100, or null' })
    .int('publishingShare must be a whole percent')
    .min(0, 'publishingShare must be from 0 to 100')
    .max(100, 'publishingShare must be from 0 to 100')
    .nullable()
    .optional(),
});
export type LicenceNumbers = z.infer<typeof licenceNumbersSchema>;

/**
 * Whose terms: one of the fixed offers (`stems`, `vipPlan`, `credit`) or a licence tier's key (`lease`, `wav`,
 * `trackout`, `unlimited`, `exclusive`, and any tier the admin adds: docs/product/licenses.md#tiers).
 */
export const termsKeySchema = z
  .string({ error: `offer must be one of ${licenceOffers.join(', ')} or a licence tier` })
  .regex(/^[a-z][a-zA-Z0-9]{1,31}$/, `offer must be one of ${licenceOffers.join(', ')} or a licence tier`);
export type TermsKey = string;

export const licenceTermsSchema = licenceNumbersSchema.extend({
  offer: licenceOfferSchema,
  /** Each edit makes a new version; a sale keeps the version it was made under. */
  version: z.number().int(),
  title: z.string(),
  body: z.string(),
  updatedAt: z.string(),
});
export type LicenceTerms = z.infer<typeof licenceTermsSchema>;

/** The terms of a licence tier that is not one of the fixed offers (`wav`, `trackout`, `unlimited`, tiers the admin adds). */
export const tierTermsSchema = licenceTermsSchema.extend({ offer: z.string() });
export type TierTerms = z.infer<typeof tierTermsSchema>;

/** `terms`: the fixed offers' (`lease` and `exclusive` are tiers too); `tierTerms`: the other tiers', in the tiers' order. */
export const licenceTermsListResponse = z.object({ terms: z.array(licenceTermsSchema), tierTerms: z.array(tierTermsSchema) });
export type LicenceTermsListResponse = z.infer<typeof licenceTermsListResponse>;
export const licenceTermsResponse = z.object({ terms: licenceTermsSchema });
export type LicenceTermsResponse = z.infer<typeof licenceTermsResponse>;
/** GET /api/licenses/terms/{offer} and PUT /api/admin/licenses/{offer}, where `offer` may be any tier's key. */
export const anyLicenceTermsResponse = z.object({ terms: tierTermsSchema });
export type AnyLicenceTermsResponse = z.infer<typeof anyLicenceTermsResponse>;

export const licenceOfferParams = z.object({ offer: termsKeySchema });

/** PUT /api/admin/licenses/{offer}: the new terms of one offer. */
export const updateLicenceTermsBody = licenceNumbersSchema.extend({
  title: z
    .string({ error: 'title is required' })
    .trim()
    .min(1, 'title is required')
    .max(120, 'title must be at most 120 characters'),
  body: z
    .string({ error: 'body is required' })
    .trim()
    .min(1, 'body is required')
    .max(20_000, 'body must be at most 20,000 characters')
    .superRefine((body, ctx) => {
      const unknown = unknownPlaceholders(body);
      if (unknown.length > 0) {
        ctx.addIssue({
          code: 'custom',
          message: `Unknown placeholder ${unknown.map((n) => `{${n}}`).join(', ')}. Use ${licencePlaceholders.map((n) => `{${n}}`).join(', ')}.`,
        });
      }
    }),
});
export type UpdateLicenceTermsBody = z.infer<typeof updateLicenceTermsBody>;

const count = new Intl.NumberFormat('en-US');
const plural = (n: number, one: string, many: string) => `${count.format(n)} ${n === 1 ? one : many}`;

function allowanceLine(n: number | null, unlimited: string, none: string, some: (n: number) => string): string {
  if (n === null) return unlimited;
  if (n === 0) return none;
  return some(n);
}

/**
 * The terms as a short list buyers read before paying: the beat page, the cart, the checkout and the PDF all use
 * these same lines.
 */
export function licenceSummaryLines(terms: LicenceNumbers): string[] {
  return [
    terms.exclusive ? 'Exclusive: the beat is sold to you alone' : 'Non-exclusive: others may license the beat too',
    allowanceLine(terms.distributionCopies, 'Unlimited distribution copies', 'No distribution copies', (n) =>
      `Up to ${plural(n, 'distribution copy', 'distribution copies')}`,
    ),
    allowanceLine(terms.audioStreams, 'Unlimited audio streams', 'No audio streams', (n) => `Up to ${plural(n, 'audio stream', 'audio streams')}`),
    allowanceLine(terms.musicVideos, 'Unlimited music videos', 'No music videos', (n) => plural(n, 'music video', 'music videos')),
    allowanceLine(terms.radioStations, 'Radio broadcasting on any station', 'No radio broadcasting', (n) =>
      `Radio broadcasting on ${plural(n, 'station', 'stations')}`,
    ),
    allowanceLine(terms.paidPerformances, 'Unlimited paid performances', 'No paid performances', (n) =>
      `Up to ${plural(n, 'paid performance', 'paid performances')}`,
    ),
    terms.creditRequired ? 'Credit required: "Prod. by" the producer' : 'No credit required',
    ...(terms.publishingShare === null || terms.publishingShare === undefined
      ? []
      : [`The producer keeps ${terms.publishingShare}% of the publishing`]),
  ];
}

/** The public page with an offer's full terms. */
export function licenceTermsPath(offer: LicenceOffer | TermsKey): string {
  return `/licenses/terms/${offer}`;
}
