/**
 * Values built from the public catalog (a beat page's response and head, the sitemap) kept by catalog version and
 * key, like the catalog responses of catalog-cache.ts (docs/decisions/0016-catalog-cache.md): never served after a
 * write that changes the catalog commits, concurrent misses share one build, within a budget of bytes.
 */
import type { CatalogVersion } from '../../db/catalog-version.js';
import { VersionedLru, type Sized } from '../../lib/byte-lru.js';

export type VersionedCache<V extends Sized> = ReturnType<typeof createVersionedCache<V>>;

export function createVersionedCache<V extends Sized>(version: CatalogVersion, maxBytes: number) {
  const values = new VersionedLru<V>(maxBytes);
  const building = new Map<string, Promise<V>>();

  return {
    /** The value of `key` at the current catalog version, built (once for concurrent callers) when missing. */
    async get(key: string, build: () => Promise<V>): Promise<V> {
      const at = await version.current();
      const hit = values.get(at, key);
      if (hit) return hit;
      const entry = VersionedLru.keyOf(at, key);
      let pending = building.get(entry);
      if (!pending) {
        pending = build()
          .then((value) => {
            values.set(at, key, value);
            return value;
          })
          .finally(() => building.delete(entry));
        building.set(entry, pending);
      }
      return pending;
    },

    usage() {
      return values.usage();
    },
  };
}

/** A cached string or nothing, sized by its UTF-16 length (what it holds in memory). */
export class CachedText implements Sized {
  constructor(readonly text: string | null) {}
  bytes(): number {
    return 64 + (this.text?.length ?? 0) * 2;
  }
}
