/**
 * The catalog versions of the responses this page has shown: a cached catalog response's ETag names its version
 * (`"c<version>-…"`, docs/decisions/0016-catalog-cache.md). The live catalog (live-catalog.ts) compares them with the
 * version it polls, so a change made between a response and the first poll is not missed.
 */
const ETAG_VERSION = /^(?:W\/)?"c(\d+)-/;

let oldest: number | null = null;

/** The catalog version a response's ETag names, or null (only catalog responses name one). */
export function catalogVersionOf(etag: string | null): number | null {
  const match = etag ? ETAG_VERSION.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

/** Takes in the version of something shown: a response fetched, or the responses a server-rendered page came with. */
export function noteCatalogVersion(version: number | null): void {
  if (version !== null && (oldest === null || version < oldest)) oldest = version;
}

/** Takes in one response's ETag (any response: only catalog responses name a version). */
export function noteCatalogAnswer(etag: string | null): void {
  noteCatalogVersion(catalogVersionOf(etag));
}

/** The oldest catalog version among the responses seen since the last call, or null; starts a new round. */
export function takeOldestCatalogAnswer(): number | null {
  const value = oldest;
  oldest = null;
  return value;
}
