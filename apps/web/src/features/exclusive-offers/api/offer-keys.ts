/** Query keys of the offers on exclusives. */
export const offerKeys = {
  all: ['exclusive-offers'] as const,
  mine: ['exclusive-offers', 'mine'] as const,
  admin: (state: string) => ['exclusive-offers', 'admin', state] as const,
  terms: (beatId: string) => ['exclusive-offers', 'terms', beatId] as const,
};
