/**
 * Licence tiers (docs/product/licenses.md#tiers): the store's ladder of licences a beat is sold as — MP3 Lease, WAV
 * Lease, Trackout Lease, Unlimited, Exclusive and any the admin adds — each with its files, its default price and its
 * own versioned terms (keyed by the tier's key). The request and answer shapes of every tier call live here.
 */
import { z } from 'zod';
import { id } from './common.js';
import { fileTypes, fileTypeSchema, type FileType } from './downloads.js';

/** A tier's key: a lower-case letter, then 1 to 31 letters or digits (`lease`, `wav`, `trackout`, `goldLease`). */
export const tierKeyPattern = /^[a-z][a-zA-Z0-9]{1,31}$/;
export const tierKeySchema = z
  .string({ error: 'tier must be a tier key' })
  .regex(tierKeyPattern, 'A tier key is a lower-case letter followed by 1 to 31 letters or digits.');
export type TierKey = string;

export { builtInTierKeys, isBuiltInTier, type BuiltInTierKey } from './tier-keys.js';

/** The tiers every store starts with (migration 0024), in order. `lease` and `exclusive` are priced by the beat's own `price`. */
export const defaultTierKeys = ['lease', 'wav', 'trackout', 'unlimited', 'exclusive'] as const;

/** A tier's files: a non-empty set of mp3, wav and stems, each once, kept in that order. */
export const tierFilesSchema = z
  .array(fileTypeSchema, { error: 'files must be a list of mp3, wav and stems' })
  .min(1, 'A tier includes at least one file.')
  .max(fileTypes.length, 'files lists each of mp3, wav and stems at most once')
  .refine((files) => new Set(files).size === files.length, 'files lists each of mp3, wav and stems at most once')
  .transform((files) => fileTypes.filter((f) => files.includes(f)));

/** True when every file of `files` is among `held`: holding `held` covers a tier of `files`. */
export const filesCovered = (files: readonly FileType[], held: readonly FileType[]) => files.every((f) => held.includes(f));

/** A price in dollars, to the cent. */
const dollars = (what: string) =>
  z
    .number({ error: `${what} must be a number of dollars` })
    .nonnegative(`${what} cannot be negative`)
    .max(1_000_000, `${what} must be at most $1,000,000`)
    .refine((n) => Number.isInteger(Math.round(n * 100)) && Math.abs(n * 100 - Math.round(n * 100)) < 1e-6, `${what} must be in whole cents`);

const tierName = z
  .string({ error: 'name is required' })
  .trim()
  .min(1, 'name is required')
  .max(60, 'name must be at most 60 characters');

// ── The store's tiers (Admin → Licenses) ────────────────────────────────────────────────

export const adminTierSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Dollars; null: the beat's own `price` (`lease`, `exclusive`), or no default (each beat must set its price). */
  defaultPrice: z.number().nullable(),
  files: z.array(fileTypeSchema),
  /** One buyer only: the beat leaves the store once sold (only `exclusive`). */
  exclusive: z.boolean(),
  /** Switched off: no beat offers it; its sold licences stay. */
  active: z.boolean(),
  position: z.number().int(),
  /** `lease` and `exclusive`: the built-in tiers, whose key, name and files are fixed. */
  builtIn: z.boolean(),
});
export type AdminTier = z.infer<typeof adminTierSchema>;

/** GET /api/admin/tiers and PUT /api/admin/tiers-order. */
export const adminTiersResponse = z.object({ tiers: z.array(adminTierSchema) });
export type AdminTiersResponse = z.infer<typeof adminTiersResponse>;

/** POST /api/admin/tiers (201) and PUT /api/admin/tiers/{key}. */
export const adminTierResponse = z.object({ tier: adminTierSchema });
export type AdminTierResponse = z.infer<typeof adminTierResponse>;

/** POST /api/admin/tiers: a new tier, added last and active; its key is made from the name. */
export const createTierBody = z.object({
  name: tierName,
  defaultPrice: dollars('defaultPrice').nullable(),
  files: tierFilesSchema,
});
export type CreateTierBody = z.input<typeof createTierBody>;

/**
 * PUT /api/admin/tiers/{key}: any of these. `lease` and `exclusive` are the built-in tiers: their name, files and price
 * (the beat's own) are fixed and they cannot be switched off, so a change to them is refused (400); they can be reordered.
 */
export const updateTierBody = z
  .object({
    name: tierName.optional(),
    defaultPrice: dollars('defaultPrice').nullable().optional(),
    files: tierFilesSchema.optional(),
    active: z.boolean({ error: 'active must be true or false' }).optional(),
  })
  .refine((b) => Object.values(b).some((v) => v !== undefined), 'Give at least one of name, defaultPrice, files, active.');
export type UpdateTierBody = z.input<typeof updateTierBody>;

export const tierKeyParams = z.object({ key: tierKeySchema });

/** PUT /api/admin/tiers-order: every tier's key, once, in the new order. */
export const tiersOrderBody = z.object({
  keys: z
    .array(tierKeySchema, { error: 'keys must be a list of tier keys' })
    .min(1, 'keys must list every tier once')
    .max(100, 'keys must list every tier once'),
});
export type TiersOrderBody = z.input<typeof tiersOrderBody>;

// ── Per beat (Admin → Beats) ─────────────────────────────────────────────────────────────

export const adminBeatTierSchema = z.object({
  key: z.string(),
  name: z.string(),
  defaultPrice: z.number().nullable(),
  /** This beat's own price for the tier, or null: the tier's default (for `lease`/`exclusive`: the beat's `price`). */
  price: z.number().nullable(),
  /** Switched off for this beat when false. */
  enabled: z.boolean(),
  /** The beat offers the tier now. */
  offered: z.boolean(),
  /** Why it is not offered ("This beat has no WAV file."…), or null when it is. */
  reason: z.string().nullable(),
  /** What a buyer pays for it now (dollars), or null when it has no price. */
  effectivePrice: z.number().nullable(),
});
export type AdminBeatTier = z.infer<typeof adminBeatTierSchema>;

/** GET /api/admin/beats/{beatId}/tiers and PUT /api/admin/beats/{beatId}/tiers/{key}. */
export const adminBeatTiersResponse = z.object({ tiers: z.array(adminBeatTierSchema) });
export type AdminBeatTiersResponse = z.infer<typeof adminBeatTiersResponse>;

export const beatTierParams = z.object({ beatId: id('beatId'), key: tierKeySchema });
export const beatIdParams = z.object({ beatId: id('beatId') });

/** PUT /api/admin/beats/{beatId}/tiers/{key}. For `lease` and `exclusive`, `price` sets the beat's own `price`. */
export const beatTierOverrideBody = z.object({
  price: dollars('price').nullable(),
  enabled: z.boolean({ error: 'enabled must be true or false' }),
});
export type BeatTierOverrideBody = z.input<typeof beatTierOverrideBody>;

/** POST /api/admin/tiers/{key}/prices: one price (or null: back to the default) for the chosen beats. */
export const bulkTierPricesBody = z.object({
  beatIds: z
    .array(id('beatId'), { error: 'beatIds must be a list of beat ids' })
    .min(1, 'Choose at least one beat.')
    .max(500, 'At most 500 beats at once.'),
  price: dollars('price').nullable(),
});
export type BulkTierPricesBody = z.input<typeof bulkTierPricesBody>;
export const bulkTierPricesResponse = z.object({ updated: z.number().int() });
export type BulkTierPricesResponse = z.infer<typeof bulkTierPricesResponse>;

// ── What a buyer sees ────────────────────────────────────────────────────────────────────

export const beatTierSchema = z.object({
  key: z.string(),
  name: z.string(),
  /** Dollars: what this tier of this beat costs (before deals, and before an upgrade's difference). */
  price: z.number(),
  files: z.array(fileTypeSchema),
  exclusive: z.boolean(),
  /** The tier's terms in force as the short list (`licenceSummaryLines`). */
  summary: z.array(z.string()),
  /** The full terms: /licenses/terms/{key}. */
  termsUrl: z.string(),
  /** Signed-in callers only: the caller already holds these files of the beat (a tier they cannot buy again). */
  owned: z.boolean().optional(),
  /** Signed-in callers only: what they would pay as an upgrade from a tier they hold (never below zero). */
  upgradePrice: z.number().optional(),
});
export type BeatTier = z.infer<typeof beatTierSchema>;

/** GET /api/beats/{beatId}/tiers: the tiers the beat offers now, in tier order. */
export const beatTiersResponse = z.object({ tiers: z.array(beatTierSchema) });
export type BeatTiersResponse = z.infer<typeof beatTiersResponse>;

/** How a cart line, a purchase, a receipt or a licence names its tier. */
export const tierRefSchema = z.object({ key: z.string(), name: z.string() });
export type TierRef = z.infer<typeof tierRefSchema>;

/** A cart line's tier, with its files. */
export const cartTierSchema = tierRefSchema.extend({ files: z.array(fileTypeSchema) });
export type CartTier = z.infer<typeof cartTierSchema>;

/** A tier a cart line may be changed to, at its price for this buyer (dollars; an upgrade's difference when they hold a lower tier). */
export const cartTierChoiceSchema = tierRefSchema.extend({ price: z.number() });
export type CartTierChoice = z.infer<typeof cartTierChoiceSchema>;

/** POST /api/cart: the beat and, optionally, its tier (default: the cheapest the beat offers). */
export const addToCartBody = z.object({
  userId: id('userId'),
  beatId: id('beatId'),
  tier: tierKeySchema.optional(),
});
export type AddToCartBody = z.input<typeof addToCartBody>;

/** PUT /api/cart/tier: the cart line of this beat now buys this tier (400 when the beat does not offer it). */
export const changeCartTierBody = z.object({ userId: id('userId'), beatId: id('beatId'), tier: tierKeySchema });
export type ChangeCartTierBody = z.input<typeof changeCartTierBody>;
