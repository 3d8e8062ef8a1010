/** Carts, checkouts, purchases: the request and answer shapes of the commerce calls (docs/product/calls.md, docs/product/offers-and-prices.md). */
import { z } from 'zod';
import { beatSchema, beatTypeSchema } from './beats.js';
import { id, queryWholeNumber } from './common.js';
import { emailField } from './user.js';
import { commerceMessages } from './messages.js';
import { licenseStatuses } from './licenses.js';
import { cartTierChoiceSchema, cartTierSchema, tierKeySchema, tierRefSchema } from './licence-tiers.js';

/** What a cart row buys (docs/product/offers-and-prices.md#cart): `MP3` for a lease, `EXCLUSIVE` for an exclusive. */
export const licenceLabels = ['MP3', 'EXCLUSIVE'] as const;
export const licenceLabelSchema = z.enum(licenceLabels);
export type LicenceLabel = z.infer<typeof licenceLabelSchema>;

export const sessionTypes = ['beatPurchase', 'stems', 'exclusive', 'vipPlan'] as const;
export const sessionTypeSchema = z.enum(sessionTypes);
export type SessionType = z.infer<typeof sessionTypeSchema>;

export const purchaseKinds = ['lease', 'stems', 'exclusive', 'vipPlan'] as const;
export const purchaseKindSchema = z.enum(purchaseKinds);
export type PurchaseKind = z.infer<typeof purchaseKindSchema>;

/** How the dashboard and history name each kind of purchase ("Purchase Type"). */
export const purchaseTypeLabels: Record<PurchaseKind, string> = {
  lease: 'MP3 Lease',
  stems: 'Stems',
  exclusive: 'Exclusive',
  vipPlan: 'VIP Plan',
};

// ── Carts ──────────────────────────────────────────────────────────────────────────────

export const cartItemSchema = z.object({
  /** The beat's id (the cart item's `_id`). */
  _id: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  /** The beat page's address, /beat/{slug}: the cart links each item to it. */
  slug: z.string(),
  beatType: beatTypeSchema,
  licence: licenceLabelSchema,
  /** Dollars, from the server; null when the beat cannot be bought this way right now. */
  price: z.number().nullable(),
  hasStems: z.boolean(),
  addedAt: z.string(),
  /**
   * Why this line cannot be paid, when it cannot: the exclusive was sold, or its countdown ended
   * (docs/product/offers-and-prices.md#cart-lines-that-cannot-be-paid). Absent when the line can be paid.
   */
  unavailable: z.string().optional(),
  /** An exclusive the buyer holds an MP3 lease of: `price` is the upgrade's, the exclusive less what the lease cost (docs/product/licenses.md#upgrades). */
  upgrade: z.object({ alreadyPaid: z.number() }).optional(),
  /**
   * The licence tier this line buys (docs/product/licenses.md#tiers); `licence` stays MP3 for every non-exclusive tier.
   * Always in the server's answers; optional only so a line the browser shows before the server answers still fits.
   */
  tier: cartTierSchema.optional(),
  /** The tiers the line may be changed to (PUT /api/cart/tier), each at its price for this buyer; always in the server's answers. */
  tiers: z.array(cartTierChoiceSchema).optional(),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const stemsCartItemSchema = z.object({
  _id: z.string(),
  beatTitle: z.string(),
  artistName: z.string(),
  slug: z.string(),
  price: z.number(),
  addedAt: z.string(),
});
export type StemsCartItem = z.infer<typeof stemsCartItemSchema>;

export const cartResponse = z.object({ cartItems: z.array(cartItemSchema) });
export type CartResponse = z.infer<typeof cartResponse>;
export const stemsCartResponse = z.object({ cartItems: z.array(stemsCartItemSchema) });
export type StemsCartResponse = z.infer<typeof stemsCartResponse>;

export const cartChangeResponse = z.object({ message: z.string(), count: z.number().int() });
export type CartChangeResponse = z.infer<typeof cartChangeResponse>;

const beatIdList = z
  .array(id('beatId'), { error: 'beatIds must be a list of beat ids' })
  .max(200, 'A cart holds at most 200 items.')
  .default([]);

/** A coupon code as typed: letters, digits, dashes and underscores, 3 to 32 of them; kept in capitals (docs/product/deals.md#coupons). */
export const couponCode = z
  .string({ error: 'code is required' })
  .trim()
  .toUpperCase()
  .regex(/^[A-Z0-9_-]{3,32}$/, 'A code is 3 to 32 letters, digits, dashes or underscores.');

/** A beat of a visitor's cart and the licence tier they chose for it. */
const mergeTierChoice = z.object({ beatId: id('beatId'), tier: tierKeySchema });

/** POST /api/cart/merge: a visitor's browser cart, and the coupon code kept with it, join the account's cart at login or signup. */
export const mergeCartBody = z
  .object({
    userId: id('userId'),
    beatIds: beatIdList,
    stemsBeatIds: beatIdList,
    /** The code the visitor applied to the beat cart (docs/product/deals.md#a-code-kept-with-the-cart). */
    coupon: couponCode.optional(),
    /**
     * The licence tier the visitor chose for beats of `beatIds` (docs/product/licenses.md#tiers); a beat not named here
     * joins as its primary offer, as before.
     */
    beatTiers: z
      .array(mergeTierChoice, { error: 'beatTiers must be a list of { beatId, tier }' })
      .max(200, 'A cart holds at most 200 items.')
      .optional(),
  })
  .superRefine((body, ctx) => {
    const named = new Set<string>();
    body.beatTiers?.forEach((choice, index) => {
      if (!body.beatIds.includes(choice.beatId)) {
        ctx.addIssue({ code: 'custom', path: ['beatTiers', index, 'beatId'], message: 'Each beat in beatTiers must be one of beatIds.' });
      } else if (named.has(choice.beatId)) {
        ctx.addIssue({ code: 'custom', path: ['beatTiers', index, 'beatId'], message: 'beatTiers names each beat once.' });
      }
      named.add(choice.beatId);
    });
  });
export type MergeCartBody = z.input<typeof mergeCartBody>;

export const mergeCartResponse = z.object({
  cartItems: z.array(cartItemSchema),
  stemsCartItems: z.array(stemsCartItemSchema),
  /** Titles (or ids) of items that could not join the cart: sold, removed, or not sold this way. */
  skipped: z.array(z.string()),
});
export type MergeCartResponse = z.infer<typeof mergeCartResponse>;

/** The two carts, each of which keeps its own coupon code. */
export const cartKinds = ['beats', 'stems'] as const;
export type CartKind = (typeof cartKinds)[number];
const cartKind = z.enum(cartKinds, { error: 'cart must be beats or stems' });

/** The coupon code kept with each cart of an account (docs/product/deals.md#a-code-kept-with-the-cart); null: none. */
export const cartCouponsSchema = z.object({ beats: z.string().nullable(), stems: z.string().nullable() });
export type CartCoupons = z.infer<typeof cartCouponsSchema>;

/** POST /api/cart/coupon: keeps a code with one of the account's carts (replacing the one kept before). */
export const keepCartCouponBody = z.object({ userId: id('userId'), cart: cartKind, code: couponCode });
export type KeepCartCouponBody = z.input<typeof keepCartCouponBody>;

/** DELETE /api/cart/coupon: the cart's code is taken off. */
export const removeCartCouponBody = z.object({ userId: id('userId'), cart: cartKind });
export type RemoveCartCouponBody = z.infer<typeof removeCartCouponBody>;

// ── Checkout ───────────────────────────────────────────────────────────────────────────

const clientPrice = z
  .number({ error: 'price must be a number of dollars' })
  .nonnegative('price cannot be negative')
  .max(1_000_000, 'price is too large');

/** A checkout line as the web app sends it (docs/product/calls.md); `price` is what the buyer saw, checked against the server's. */
export const checkoutLine = z.object({
  beatId: id('beatId'),
  beatName: z.string().max(300).optional(),
  price: clientPrice.optional(),
  /** The licence tier to buy (docs/product/licenses.md#tiers); default: the cart line's, else the beat's primary offer. */
  tier: tierKeySchema.optional(),
});
export type CheckoutLine = z.input<typeof checkoutLine>;

const lines = z
  .array(checkoutLine, { error: 'beatDetails must be a list of beats' })
  .min(1, commerceMessages.selectAtLeastOne)
  .max(50, 'At most 50 items can be bought at once.');

/**
 * A coupon code sent with a cart checkout (docs/product/deals.md). Only trimmed and put in capitals here: a code that
 * is not a store's code (whatever its shape) is refused by the checkout with 409 "This code does not exist.".
 */
const checkoutCoupon = z.string({ error: 'coupon must be a code' }).trim().toUpperCase().max(64, 'coupon is too long').optional();

const sessionTypeOf = <T extends SessionType>(value: T) =>
  z.literal(value, { error: `sessionType must be '${value}' for this call` }).optional();

/** POST /create-checkout-session: the beat cart (each beat's primary offer). */
export const beatCheckoutBody = z.object({
  beatDetails: lines,
  email: emailField,
  sessionType: sessionTypeOf('beatPurchase'),
  userId: id('userId'),
  coupon: checkoutCoupon,
});
export type BeatCheckoutBody = z.input<typeof beatCheckoutBody>;

/** POST /create-checkout-session-stems: stems at the configured price each. */
export const stemsCheckoutBody = z.object({
  beatDetails: lines,
  email: emailField,
  sessionType: sessionTypeOf('stems'),
  userId: id('userId'),
  coupon: checkoutCoupon,
});
export type StemsCheckoutBody = z.input<typeof stemsCheckoutBody>;

/** POST /create-checkout-session-exclusive: one exclusive at its own price. */
export const exclusiveCheckoutBody = z.object({
  beatId: id('beatId'),
  beatName: z.string().max(300).optional(),
  price: clientPrice.optional(),
  email: emailField,
  sessionType: sessionTypeOf('exclusive'),
  userId: id('userId'),
});
export type ExclusiveCheckoutBody = z.input<typeof exclusiveCheckoutBody>;

/** POST /create-checkout-session-plan: the VIP catalog plan. */
export const planCheckoutBody = z.object({
  price: clientPrice.optional(),
  email: emailField,
  sessionType: sessionTypeOf('vipPlan'),
  userId: id('userId'),
});
export type PlanCheckoutBody = z.input<typeof planCheckoutBody>;

export const checkoutSessionResponse = z.object({
  session: z.object({ id: z.string(), url: z.string() }),
});
export type CheckoutSessionResponse = z.infer<typeof checkoutSessionResponse>;

/** POST /api/checkout/confirm: the success page settles its session (the same fulfilment as the webhook). */
export const confirmCheckoutBody = z.object({
  sessionId: z
    .string({ error: 'sessionId is required' })
    .min(1, 'sessionId is required')
    .max(255, 'sessionId is not valid'),
});

export const checkoutStates = ['paid', 'processing', 'open', 'expired', 'failed'] as const;
export const confirmCheckoutResponse = z.object({
  /** The checkout's own id: the library shows its purchases first (/library?just={checkoutId}). */
  checkoutId: z.string(),
  status: z.enum(checkoutStates),
  sessionType: sessionTypeSchema,
  total: z.number(),
  items: z.array(
    z.object({
      title: z.string(),
      kind: purchaseKindSchema,
      price: z.number(),
      refunded: z.boolean(),
      /** The licence tier bought; absent for stems and the VIP plan. */
      tier: tierRefSchema.optional(),
    }),
  ),
});
export type ConfirmCheckoutResponse = z.infer<typeof confirmCheckoutResponse>;

/** Ending an open checkout the buyer left: the provider's session id or the store's checkout id (docs/product/offers-and-prices.md#reservations). */
export const cancelCheckoutBody = z.object({
  checkout: z
    .string({ error: 'checkout is required' })
    .min(1, 'checkout is required')
    .max(255, 'checkout is not valid'),
});
export const cancelCheckoutResponse = z.object({ status: z.enum(checkoutStates) });
export type CancelCheckoutResponse = z.infer<typeof cancelCheckoutResponse>;

// ── Purchases ──────────────────────────────────────────────────────────────────────────

export const purchaseSchema = z.object({
  _id: z.string(),
  sessionType: sessionTypeSchema,
  kind: purchaseKindSchema,
  /** "MP3 Lease", "Stems", "Exclusive", "VIP Plan". */
  purchaseType: z.string(),
  beatId: z.string().nullable(),
  beatTitle: z.string(),
  price: z.number(),
  paymentDate: z.string(),
  refunded: z.boolean(),
  /** The license's public id and the page where anyone may check it (docs/product/licenses.md). */
  licenseId: z.string(),
  verifyUrl: z.string(),
  /** `valid`, `refunded`, or `superseded` by an upgrade to the exclusive of the same beat. */
  status: z.enum(licenseStatuses),
  /** An exclusive bought as an upgrade: the price of the lease it replaced, in dollars. */
  upgradedFromPaid: z.number().optional(),
  /** The licence tier bought (`kind` stays `lease` for every non-exclusive tier); absent for stems and the VIP plan. */
  tier: tierRefSchema.optional(),
});
export type Purchase = z.infer<typeof purchaseSchema>;

/** `nextCursor`: where the next page starts when the call asked for a `limit`; null when nothing is left. */
export const purchasesResponse = z.object({ purchases: z.array(purchaseSchema), nextCursor: z.string().nullable() });
export type PurchasesResponse = z.infer<typeof purchasesResponse>;

const listLimit = queryWholeNumber('limit', 1, 500);
/** The previous answer's `nextCursor` (keyset paging: the page starts right after the last row shown). */
const listCursor = z.string().max(300, 'cursor is not valid');

/** Without a `limit`, the whole list (the call as docs/product/calls.md lists it); with one, a page of it. */
export const purchasesQuery = z.object({ limit: listLimit.optional(), cursor: listCursor.optional() });

export const purchasedListBody = z.object({ email: emailField, limit: listLimit.optional(), cursor: listCursor.optional() });

/** A bought beat: the catalog's beat plus when it was bought and the purchase its licence belongs to. */
export const purchasedBeatSchema = beatSchema.extend({ purchasedAt: z.string(), purchaseId: z.string() });
export type PurchasedBeat = z.infer<typeof purchasedBeatSchema>;
export const purchasedBeatsResponse = z.object({ beats: z.array(purchasedBeatSchema), nextCursor: z.string().nullable() });
export type PurchasedBeatsResponse = z.infer<typeof purchasedBeatsResponse>;

// ── Payments needing attention (admin) ─────────────────────────────────────────────────

/**
 * `unsettled`: a checkout the payment provider has not confirmed as paid or expired long after it opened;
 * `refund`: a refund the store owes that the provider has not taken yet.
 */
export const attentionKinds = ['unsettled', 'refund'] as const;
export const paymentAttentionItem = z.object({
  kind: z.enum(attentionKinds),
  checkoutId: z.string(),
  email: z.string(),
  /** Dollars: the checkout's total, or the refund's amount. */
  amount: z.number(),
  since: z.string(),
  reason: z.string(),
});
export type PaymentAttentionItem = z.infer<typeof paymentAttentionItem>;
export const paymentsAttentionResponse = z.object({ items: z.array(paymentAttentionItem) });
export type PaymentsAttentionResponse = z.infer<typeof paymentsAttentionResponse>;
export const checkoutIdParams = z.object({ checkoutId: z.uuid({ error: 'checkoutId is not a checkout id' }) });
