/**
 * Public catalog responses (a page or search of /api/beats, the full /api/getbeats, /api/config) cached by
 * catalog version and query: serialised once, compressed once, shared by every visitor, and never served
 * after a write that changes them commits (docs/decisions/0016-catalog-cache.md). None of these responses
 * depends on who asks.
 */
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import zlib from 'node:zlib';
import { z } from 'zod';
import { beatFacetsResponse, beatPageResponse, beatsResponse, storeConfigResponse } from '@beat/shared';
import type { Deps } from '../../deps.js';
import { askEachTime, readCatalogVersion, type CatalogVersion } from '../../db/catalog-version.js';
import { VersionedLru } from '../../lib/byte-lru.js';
import { CachedJson } from '../../lib/cached-json.js';
import { brotliOptions } from '../../lib/compression.js';
import { centsToDollars, toBeatDto } from './beat-dto.js';
import {
  countVipCatalog,
  beatListingOrder,
  listAllBeats,
  listBeatPage,
  listBeatsChunk,
  type BeatPageInput,
  type ListingPosition,
} from './beats.service.js';
import { filtersKey, type CatalogFilters } from './catalog-filters.js';
import { catalogFacets } from './facets.service.js';
import type { CatalogResponse } from '../../metrics/metrics.js';

/** Enough for the full catalog of 100,000 beats (compressed) and thousands of pages. */
export const CATALOG_CACHE_BYTES = 64 * 1024 * 1024;
/** Rows per query while building the full catalog: each query and its serialisation hold the event loop for a few milliseconds. */
export const FULL_CATALOG_CHUNK = 250;
/** log2 of the full catalog's brotli window. */
export const FULL_CATALOG_BROTLI_WINDOW = 18;
/** Builds of the full catalog that a concurrent write may spoil before it is read in one query instead. */
const CHUNKED_ATTEMPTS = 3;

export interface CatalogCacheOptions {
  maxBytes?: number;
  chunkRows?: number;
  /** The catalog's version as the app keeps it (watchCatalogVersion); without it each response asks the database. */
  version?: CatalogVersion;
}

interface Built {
  version: number;
  answer: CachedJson;
}

export type CatalogCache = ReturnType<typeof createCatalogCache>;

export function createCatalogCache(deps: Deps, options: CatalogCacheOptions = {}) {
  const versions = options.version ?? askEachTime(deps.db);
  const answers = new VersionedLru<CachedJson>(options.maxBytes ?? CATALOG_CACHE_BYTES);
  const building = new Map<string, Promise<Built>>();
  const chunkRows = options.chunkRows ?? FULL_CATALOG_CHUNK;

  const tagOf = (version: number, query: string) =>
    `c${version}-${createHash('sha256').update(query).digest('base64url').slice(0, 16)}`;

  /**
   * The response to `query` at the current version; concurrent misses share one build. A hit at a version known
   * without asking is returned as it is, not in a promise: most responses are that, and a request's every step counts.
   * Hits and misses are counted by `response` (docs/metrics.md).
   */
  function cached(response: CatalogResponse, query: string, build: (version: number) => Promise<Built>): CachedJson | Promise<CachedJson> {
    const now = versions.knownNow();
    const hit = now === null ? undefined : answers.get(now, query);
    if (!hit) return cachedAfterAsking(response, query, build);
    deps.metrics.catalogCache(response, true);
    return hit;
  }

  async function cachedAfterAsking(response: CatalogResponse, query: string, build: (version: number) => Promise<Built>): Promise<CachedJson> {
    const at = await versions.current();
    const hit = answers.get(at, query);
    deps.metrics.catalogCache(response, hit !== undefined);
    if (hit) return hit;
    const key = VersionedLru.keyOf(at, query);
    let pending = building.get(key);
    if (!pending) {
      pending = build(at)
        .then((built) => {
          built.answer.onResize = () => answers.resize(built.version, query, built.answer);
          answers.set(built.version, query, built.answer);
          return built;
        })
        .finally(() => building.delete(key));
      building.set(key, pending);
    }
    return (await pending).answer;
  }

  const json = (version: number, query: string, value: unknown): Built => ({
    version,
    answer: CachedJson.fromJson(tagOf(version, query), Buffer.from(JSON.stringify(value))),
  });

  /**
   * The full catalog, serialised chunk by chunk straight into brotli. Its gzip form is made from that, once, if a
   * client asks for it (CachedJson.fromBrotli): the build holds one compressor, and the cache one body.
   */
  async function buildAllInChunks(version: number, query: string): Promise<CachedJson> {
    // A 256 KB window (brotli's default is 4 MB): the encoder's buffers are what the compressing threads' memory
    // keeps after the build, and JSON rows repeat within a few rows, so the body is no larger (on catalog-like JSON
    // it came out a few per cent smaller; docs/decisions/0018-embedded-database-memory.md).
    const br = zlib.createBrotliCompress({ ...brotliOptions, params: { ...brotliOptions.params, [zlib.constants.BROTLI_PARAM_LGWIN]: FULL_CATALOG_BROTLI_WINDOW } });
    const output = (async () => {
      const parts: Buffer[] = [];
      for await (const part of br) parts.push(part as Buffer);
      return Buffer.concat(parts);
    })();
    let length = 0;
    const write = async (text: string) => {
      length += Buffer.byteLength(text);
      if (!br.write(text)) await once(br, 'drain');
    };
    try {
      await write('{"beats":[');
      let first = true;
      for (const type of beatListingOrder) {
        let after: ListingPosition | null = null;
        for (;;) {
          const rows = await listBeatsChunk(deps, type, after, chunkRows);
          if (rows.length > 0) {
            // toBeatDto gives the response's shape (Beat): the same JSON the schema's encoding would (catalog-cache.test.ts).
            const text = JSON.stringify(rows.map(toBeatDto));
            await write(`${first ? '' : ','}${text.slice(1, -1)}`);
            first = false;
          }
          if (rows.length < chunkRows) break;
          after = rows[rows.length - 1]!;
          // Let waiting requests run between chunks.
          await new Promise((resolve) => setImmediate(resolve));
        }
      }
      await write(']}');
    } finally {
      br.end();
    }
    return CachedJson.fromBrotli(tagOf(version, query), length, await output);
  }

  return {
    /** A page or search of /api/beats. */
    page(input: BeatPageInput): CachedJson | Promise<CachedJson> {
      const query = JSON.stringify(['page', input.limit, input.cursor ?? null, input.sort ?? 'newest', filtersKey(input)]);
      return cached('page', query, async (version) => {
        const page = await listBeatPage(deps, input);
        return json(version, query, z.encode(beatPageResponse, { beats: page.rows.map(toBeatDto), nextCursor: page.nextCursor }));
      });
    },

    /** /api/beats/facets: counts per genre, mood, key and BPM band for these filters. */
    facets(filters: CatalogFilters): CachedJson | Promise<CachedJson> {
      const query = JSON.stringify(['facets', filtersKey(filters)]);
      return cached('facets', query, async (version) => json(version, query, z.encode(beatFacetsResponse, await catalogFacets(deps, filters, version))));
    },

    /**
     * The whole catalog (/api/getbeats), built in chunks between which other requests run. A write
     * between two chunks could make them disagree, so a build that saw the version change is redone at
     * the new version; after a few spoiled builds the catalog is read in one query.
     */
    all(): CachedJson | Promise<CachedJson> {
      const query = JSON.stringify(['all']);
      return cached('all', query, async (requested) => {
        let version = requested;
        for (let attempt = 0; attempt < CHUNKED_ATTEMPTS; attempt++) {
          const answer = await buildAllInChunks(version, query);
          const now = await readCatalogVersion(deps.db);
          if (now === version) return { version, answer };
          version = now;
        }
        return deps.db.transaction(async (tx) => {
          const inTx = { ...deps, db: tx as unknown as Deps['db'] };
          const at = await readCatalogVersion(inTx.db);
          const rows = await listAllBeats(inTx);
          return json(at, query, z.encode(beatsResponse, { beats: rows.map(toBeatDto) }));
        }, { isolationLevel: 'repeatable read' });
      });
    },

    /** /api/config: the prices and the size of the VIP catalog. */
    config(): CachedJson | Promise<CachedJson> {
      const query = JSON.stringify(['config']);
      return cached('config', query, async (version) =>
        json(
          version,
          query,
          z.encode(storeConfigResponse, {
            vipPlanPrice: centsToDollars(deps.config.prices.vipPlanCents),
            stemsPrice: centsToDollars(deps.config.prices.stemsCents),
            leasePrice: centsToDollars(deps.config.prices.leaseCents),
            vipCatalogSize: await countVipCatalog(deps),
          }),
        ),
      );
    },

    /** What the cache holds: entries and their bytes, within its budget. */
    usage() {
      return answers.usage();
    },
  };
}
