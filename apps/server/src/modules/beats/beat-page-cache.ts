/**
 * GET /api/beats/slug/{slug} by catalog version and slug (docs/decisions/0020-beat-pages.md): the beat and its
 * related beats are serialised once per version; the play count, which changes without changing the catalog,
 * is read for each response and set between the two. A sold exclusive is served as sold, without its preview or price.
 */
import type { Deps } from '../../deps.js';
import type { CatalogVersion } from '../../db/catalog-version.js';
import type { Sized } from '../../lib/byte-lru.js';
import { soldBeatDto, toBeatDto } from './beat-dto.js';
import { findBeatPageBySlug, playCountOf, relatedBeats } from './beat-pages.service.js';
import { createVersionedCache } from './versioned-cache.js';

/** Room for the responses of a few thousand pages (about 6 KB each). */
export const BEAT_DETAIL_CACHE_BYTES = 16 * 1024 * 1024;

class CachedDetail implements Sized {
  constructor(
    readonly beatId: string | null,
    /** `{"beat":…,"playCount":` */
    readonly head: string,
    /** `,"related":[…]}` */
    readonly tail: string,
  ) {}
  bytes(): number {
    return 128 + (this.head.length + this.tail.length) * 2;
  }
}

const missing = new CachedDetail(null, '', '');

export function createBeatDetailCache(deps: Deps, version: CatalogVersion, maxBytes = BEAT_DETAIL_CACHE_BYTES) {
  const details = createVersionedCache<CachedDetail>(version, maxBytes);
  return {
    /** The response's JSON for the listed beat or the sold exclusive this slug names, or null. */
    async detail(slug: string): Promise<string | null> {
      const cached = await details.get(slug, async () => {
        const match = await findBeatPageBySlug(deps, slug);
        if (!match) return missing;
        const related = await relatedBeats(deps, match.beat);
        // toBeatDto gives the response's shape (Beat), as in the catalog's cached responses.
        const beat = match.sold ? soldBeatDto(match.beat) : toBeatDto(match.beat);
        return new CachedDetail(
          match.beat.id,
          `{"beat":${JSON.stringify(beat)},"sold":${match.sold},"playCount":`,
          `,"related":${JSON.stringify(related.map(toBeatDto))}}`,
        );
      });
      if (!cached.beatId) return null;
      return `${cached.head}${await playCountOf(deps, cached.beatId)}${cached.tail}`;
    },
    usage: details.usage,
  };
}
