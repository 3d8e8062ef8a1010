/** Reading an audit entry: what was done, to what, and which fields changed from what to what. */
import type { AuditEntry } from '@beat/shared';
import { formatPrice } from '../../../lib/format';

const actionLabels: Record<string, string> = {
  'beat.create': 'Added beat',
  'beat.update': 'Edited beat',
  'beat.publish': 'Published beat',
  'beat.unpublish': 'Unpublished beat',
  'beat.delete': 'Deleted beat',
  'user.invite': 'Invited user',
  'user.invite-undone': 'Invitation undone (e-mail failed)',
  'user.update': 'Edited user',
  'user.promote': 'Promoted to VIP',
  'user.delete': 'Deleted user',
  'user.make-admin': 'Made admin',
  'store.tag': 'Changed the audio tag',
  'store.tag-placement': 'Changed the tag placement',
  'store.sale-notices': 'Changed the "New sale" e-mails',
  'store.page': 'Edited a store page',
  'store.intro-video': 'Changed the intro video',
  'licence.terms': 'Edited license terms',
  'coupon.create': 'Added coupon',
  'coupon.update': 'Edited coupon',
  'coupon.delete': 'Deleted coupon',
  'deals.bulk': 'Changed the bulk deal',
};

export const auditActionLabel = (action: string) => actionLabels[action] ?? action;

type Snapshot = Record<string, unknown> | null;
const asSnapshot = (value: unknown): Snapshot => (value && typeof value === 'object' ? (value as Record<string, unknown>) : null);

/** "Night Shift" or "jane@x.com": the target as a person recognises it. */
export function auditTargetName(entry: AuditEntry): string {
  const snap = asSnapshot(entry.after) ?? asSnapshot(entry.before);
  const name = snap?.title ?? snap?.email ?? snap?.tag ?? snap?.code;
  return typeof name === 'string' ? name : (entry.targetId ?? '—');
}

const fieldLabels: Record<string, string> = {
  title: 'title',
  artistName: 'artist',
  category: 'category',
  bpm: 'BPM',
  releaseDate: 'release date',
  tags: 'tags',
  priceCents: 'price',
  beatType: 'type',
  countdownEndTime: 'countdown end',
  mp3Key: 'MP3',
  wavKey: 'WAV',
  stemsKey: 'stems',
  published: 'published',
  credits: 'credits',
  isStemsAvailable: 'stems access',
  userType: 'status',
  isAdmin: 'admin',
  tag: 'tag',
  firstOffsetSeconds: 'first tag at (s)',
  intervalSeconds: 'repeat every (s)',
  levelDb: 'tag level (dB)',
  code: 'code',
  kind: 'kind',
  percentOff: 'percent off',
  amountOffCents: 'amount off',
  scope: 'applies to',
  beatIds: 'beats',
  offers: 'offers',
  startsAt: 'starts',
  endsAt: 'ends',
  maxRedemptions: 'uses in all',
  perBuyerLimit: 'uses per buyer',
  minimumOrderCents: 'minimum order',
  paused: 'paused',
  enabled: 'bulk deal on',
  buy: 'buy',
  free: 'get free',
};

function show(key: string, value: unknown): string {
  if (value === null || value === undefined) return '—';
  if (key.endsWith('Cents') && typeof value === 'number') return formatPrice(value / 100);
  if (key.endsWith('Key')) return 'new file';
  if (Array.isArray(value)) return value.join(', ') || '—';
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(value)) return value.slice(0, 10);
  return String(value);
}

/** ["credits: 2 → 10", "stems access: false → true"] — the fields that differ. */
export function auditChanges(entry: AuditEntry): string[] {
  const before = asSnapshot(entry.before);
  const after = asSnapshot(entry.after);
  if (!before || !after) return [];
  return Object.keys(fieldLabels)
    .filter((key) => key in after && JSON.stringify(before[key]) !== JSON.stringify(after[key]))
    .map((key) => (key.endsWith('Key') ? `${fieldLabels[key]} replaced` : `${fieldLabels[key]}: ${show(key, before[key])} → ${show(key, after[key])}`));
}
