/**
 * Admin → Deals: a coupon as its form holds it (strings, as inputs give them), turned into the CouponInput the server
 * checks; and how the coupons table words a coupon (its discount, scope, dates and status).
 */
import { couponInput, type Coupon, type CouponInput, type PurchaseKind } from '@beat/shared';
import { formatMoney, formatUsDate, formatUsDateTime, toLocalDateTimeInput } from './format';

export interface CouponDraft {
  code: string;
  kind: CouponInput['kind'];
  percentOff: string;
  amountOff: string;
  scope: CouponInput['scope'];
  /** The chosen beats with their titles, so the form can show them without asking again. */
  beats: { _id: string; beatTitle: string }[];
  offers: PurchaseKind[];
  startsAt: string;
  endsAt: string;
  maxRedemptions: string;
  perBuyerLimit: string;
  minimumOrder: string;
  paused: boolean;
}

export const offerChoices: { value: CouponInput['offers'][number]; label: string }[] = [
  { value: 'lease', label: 'MP3 lease' },
  { value: 'stems', label: 'Stems' },
  { value: 'exclusive', label: 'Exclusive' },
];

export function toCouponDraft(coupon: Coupon | null, beatTitle: (id: string) => string = (id) => id): CouponDraft {
  const text = (n: number | null) => (n === null ? '' : String(n));
  return {
    code: coupon?.code ?? '',
    kind: coupon?.kind ?? 'percent',
    percentOff: text(coupon?.percentOff ?? null),
    amountOff: text(coupon?.amountOff ?? null),
    scope: coupon?.scope ?? 'store',
    beats: (coupon?.beatIds ?? []).map((id) => ({ _id: id, beatTitle: beatTitle(id) })),
    offers: coupon?.offers ?? [],
    startsAt: toLocalDateTimeInput(coupon?.startsAt ?? null),
    endsAt: toLocalDateTimeInput(coupon?.endsAt ?? null),
    maxRedemptions: text(coupon?.maxRedemptions ?? null),
    perBuyerLimit: text(coupon?.perBuyerLimit ?? null),
    minimumOrder: text(coupon?.minimumOrder ?? null),
    paused: coupon?.paused ?? false,
  };
}

export type CouponField = keyof CouponInput;

/**
 * The draft checked by the same schema as the server's, field by field. Empty inputs are null; a datetime-local value
 * (the admin's local time) goes as ISO 8601; numbers the browser could not read stay as text so the schema names them.
 */
export function parseCouponDraft(draft: CouponDraft): { ok: true; input: CouponInput } | { ok: false; errors: Partial<Record<CouponField, string>> } {
  const number = (value: string) => (value.trim() === '' ? null : Number.isFinite(Number(value)) ? Number(value) : value);
  const when = (value: string) => {
    if (!value) return null;
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? value : date.toISOString();
  };
  const result = couponInput.safeParse({
    code: draft.code,
    kind: draft.kind,
    percentOff: draft.kind === 'percent' ? number(draft.percentOff) : null,
    amountOff: draft.kind === 'fixed' ? number(draft.amountOff) : null,
    scope: draft.scope,
    beatIds: draft.scope === 'beats' ? draft.beats.map((b) => b._id) : [],
    offers: draft.scope === 'offers' ? draft.offers : [],
    startsAt: when(draft.startsAt),
    endsAt: when(draft.endsAt),
    maxRedemptions: number(draft.maxRedemptions),
    perBuyerLimit: number(draft.perBuyerLimit),
    minimumOrder: number(draft.minimumOrder),
    paused: draft.paused,
  });
  if (result.success) return { ok: true, input: result.data };
  const errors: Partial<Record<CouponField, string>> = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as CouponField | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { ok: false, errors };
}

/** The coupon as the server stores it, sent back with one change (Pause/Resume). */
export function couponToInput(coupon: Coupon, change: Partial<CouponInput> = {}): CouponInput {
  return {
    code: coupon.code,
    kind: coupon.kind,
    percentOff: coupon.percentOff,
    amountOff: coupon.amountOff,
    scope: coupon.scope,
    beatIds: coupon.beatIds,
    offers: coupon.offers,
    startsAt: coupon.startsAt,
    endsAt: coupon.endsAt,
    maxRedemptions: coupon.maxRedemptions,
    perBuyerLimit: coupon.perBuyerLimit,
    minimumOrder: coupon.minimumOrder,
    paused: coupon.paused,
    ...change,
  };
}

export type CouponStatus = 'active' | 'paused' | 'scheduled' | 'expired';
export const couponStatusLabels: Record<CouponStatus, string> = { active: 'Active', paused: 'Paused', scheduled: 'Scheduled', expired: 'Expired' };

/** Paused wins; then not started yet; then ended or used up; else active. */
export function couponStatus(coupon: Coupon, now = Date.now()): CouponStatus {
  if (coupon.paused) return 'paused';
  if (coupon.startsAt && new Date(coupon.startsAt).getTime() > now) return 'scheduled';
  if (coupon.endsAt && new Date(coupon.endsAt).getTime() <= now) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.redemptions >= coupon.maxRedemptions) return 'expired';
  return 'active';
}

/** "30%" or "$5.00". */
export function couponDiscountText(coupon: Pick<Coupon, 'kind' | 'percentOff' | 'amountOff'>): string {
  return coupon.kind === 'percent' ? `${coupon.percentOff ?? 0}%` : formatMoney(coupon.amountOff ?? 0);
}

/** "Whole store", "3 beats", "MP3 lease, Stems". */
export function couponScopeText(coupon: Pick<Coupon, 'scope' | 'beatIds' | 'offers'>): string {
  if (coupon.scope === 'store') return 'Whole store';
  if (coupon.scope === 'beats') return coupon.beatIds.length === 1 ? '1 beat' : `${coupon.beatIds.length} beats`;
  return offerChoices
    .filter((o) => coupon.offers.includes(o.value))
    .map((o) => o.label)
    .join(', ');
}

/** The table's short dates: "06/10/2026 – 07/10/2026", "From 06/10/2026", "Until 07/10/2026" or "Always" (UTC days). */
export function couponDatesText(coupon: Pick<Coupon, 'startsAt' | 'endsAt'>): string {
  const { startsAt, endsAt } = coupon;
  if (startsAt && endsAt) return `${formatUsDate(startsAt)} \u2013 ${formatUsDate(endsAt)}`;
  if (startsAt) return `From ${formatUsDate(startsAt)}`;
  if (endsAt) return `Until ${formatUsDate(endsAt)}`;
  return 'Always';
}

/** The same with the times, for the cell's tooltip. */
export function couponDatesTitle(coupon: Pick<Coupon, 'startsAt' | 'endsAt'>): string | undefined {
  const from = coupon.startsAt ? `From ${formatUsDateTime(coupon.startsAt)}` : '';
  const until = coupon.endsAt ? `${from ? 'until' : 'Until'} ${formatUsDateTime(coupon.endsAt)}` : '';
  return [from, until].filter(Boolean).join(' ') || undefined;
}

/** "3 / 10", or "3" without a limit. */
export function couponRedemptionsText(coupon: Pick<Coupon, 'redemptions' | 'maxRedemptions'>): string {
  return coupon.maxRedemptions === null ? String(coupon.redemptions) : `${coupon.redemptions} / ${coupon.maxRedemptions}`;
}
