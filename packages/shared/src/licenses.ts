/**
 * Public license verification (docs/product/licenses.md): anyone holding a license id may ask whether it is genuine,
 * and learns the beat, the license type, the purchase date, its status and the buyer's name shown in part.
 */
import { z } from 'zod';

/** Six groups of four hex digits: 96 random bits (`5F3A-9C2E-1B7D-4A60-9E3F-2C81`). */
export const licenseIdPattern = /^[0-9A-F]{4}(-[0-9A-F]{4}){5}$/;

/** A license id as typed or pasted: any case, spaces around it; normalised to capitals. */
export const licenseIdParams = z.object({
  licenseId: z
    .string()
    .trim()
    .toUpperCase()
    .regex(licenseIdPattern, 'A license id is six groups of four letters and digits, like 5F3A-9C2E-1B7D-4A60-9E3F-2C81.'),
});

/** `valid`: in force; `refunded`: the purchase was refunded; `superseded`: replaced by an upgrade of the same beat. */
export const licenseStatuses = ['valid', 'refunded', 'superseded'] as const;
export type LicenseStatus = (typeof licenseStatuses)[number];

export const licenseVerification = z.object({
  licenseId: z.string(),
  status: z.enum(licenseStatuses),
  /** "MP3 Lease", "Stems", "Exclusive", "VIP Plan". */
  licenseType: z.string(),
  beatTitle: z.string(),
  /** The beat's page, while the store still shows it. */
  beatSlug: z.string().nullable(),
  artistName: z.string().nullable(),
  purchaseDate: z.string(),
  /** The buyer's name with all but each word's first letter hidden: "Z*** Q****". */
  buyer: z.string(),
  /** The licence tier ("WAV Lease"…); absent for stems and the VIP plan. */
  tier: z.object({ key: z.string(), name: z.string() }).optional(),
});
export type LicenseVerification = z.infer<typeof licenseVerification>;

/** The verification page of a license id, on the store's own address. */
export function licenseVerifyPath(licenseId: string): string {
  return `/licenses/verify/${licenseId}`;
}

/** "Zoë Quinn" → "Z** Q****": each word keeps its first letter, every other character is a star. */
export function maskName(name: string): string {
  return name
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map((word) => {
      const [first = '', ...rest] = Array.from(word);
      return first + '*'.repeat(rest.length);
    })
    .join(' ');
}

// ── Upgrades (docs/product/licenses.md#upgrades) ─────────────────────────────────────────

/**
 * How the checkout, the receipt and the confirmation name an upgrade: "Upgrade: Night Drive MP3 lease → Exclusive
 * (−$19.99 already paid)", or between other tiers "Upgrade: Night Drive WAV Lease → Trackout Lease (−$49.99 already paid)".
 */
export function upgradeLineLabel(beatTitle: string, alreadyPaid: string, from = 'MP3 lease', to = 'Exclusive'): string {
  return `Upgrade: ${beatTitle} ${from} \u2192 ${to} (\u2212${alreadyPaid} already paid)`;
}

/** An MP3 lease the buyer holds of a beat whose exclusive is for sale: the exclusive, less what the lease cost. */
export const upgradeOfferSchema = z.object({
  beatId: z.string(),
  slug: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  /** The lease it replaces. */
  leasePurchaseId: z.string(),
  leaseLicenseId: z.string(),
  /** Dollars: what the lease cost, the exclusive's price, and what the upgrade costs (never below zero). */
  alreadyPaid: z.number(),
  exclusivePrice: z.number(),
  price: z.number(),
  /** The tier held and the tier the upgrade buys (docs/product/licenses.md#tiers). */
  fromTier: z.string(),
  toTier: z.string(),
});
export type UpgradeOffer = z.infer<typeof upgradeOfferSchema>;
export const upgradesResponse = z.object({ upgrades: z.array(upgradeOfferSchema) });
export type UpgradesResponse = z.infer<typeof upgradesResponse>;
