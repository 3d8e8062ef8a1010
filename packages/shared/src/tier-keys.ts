/**
 * The two built-in licence tiers (docs/product/licenses.md#tiers), without zod: the web app's code that runs on every
 * page (the visitor's cart and its merge at login) reads them before any form has loaded zod.
 */

/** The store's MP3 lease and exclusive: never deleted, never renamed, their files fixed; a beat's primary offer. */
export const builtInTierKeys = ['lease', 'exclusive'] as const;
export type BuiltInTierKey = (typeof builtInTierKeys)[number];
export const isBuiltInTier = (key: string): key is BuiltInTierKey => (builtInTierKeys as readonly string[]).includes(key);
