/**
 * The catalog versions of the answers this page has shown: a cached catalog answer's ETag names its version
 * (`"c<version>-…"`, docs/decisions/0016-catalog-cache.md). The live catalog (live-catalog.ts) compares them with the
 * version it polls, so a change made between an answer and the first poll is not missed.
 */
const ETAG_VERSION = /^(?:W\/)?"c(\d+)-/;

let oldest: number | null = null;

/** The catalog version an answer's ETag names, or null (only catalog answers name one). */
export function catalogVersionOf(etag: string | null): number | null {
  const match = etag ? ETAG_VERSION.exec(etag) : null;
  return match ? Number(match[1]) : null;
}

/** Takes in the version of something shown: an answer fetched, or the answers a server-rendered page came with. */
export function noteCatalogVersion(version: number | null): void {
  if (version !== null && (oldest === null || version < oldest)) oldest = version;
}

/** Takes in one answer's ETag (any answer: only catalog answers name a version). */
export function noteCatalogAnswer(etag: string | null): void {
  noteCatalogVersion(catalogVersionOf(etag));
}

/** The oldest catalog version among the answers seen since the last call, or null; starts a new round. */
export function takeOldestCatalogAnswer(): number | null {
  const value = oldest;
  oldest = null;
  return value;
}
