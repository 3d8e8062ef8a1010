/** Query keys of the admin area, so a change can refresh exactly what it affects. */
export const adminKeys = {
  all: ['admin'] as const,
  beats: ['admin', 'beats'] as const,
  users: ['admin', 'users'] as const,
  analytics: ['admin', 'analytics'] as const,
  audit: ['admin', 'audit'] as const,
  storeSettings: ['admin', 'store-settings'] as const,
  coupons: ['admin', 'coupons'] as const,
  bulkDeal: ['admin', 'bulk-deal'] as const,
  tiers: ['admin', 'tiers'] as const,
  beatTiersAll: ['admin', 'beat-tiers'] as const,
  beatTiers: (beatId: string) => ['admin', 'beat-tiers', beatId] as const,
};

/** `?page=2&pageSize=10&q=…` from an object, leaving out empty values. */
export function queryString(params: object): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params) as Array<[string, string | number | undefined]>) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
