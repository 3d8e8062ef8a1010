/**
 * A beat's page and embeddable player as the server serves them (docs/decisions/0020-beat-pages.md): the web
 * app's HTML with the beat's own title, description, canonical link, Open Graph and Twitter card tags and JSON-LD
 * in its head, so a chat app or a crawler sees them without running a script. Heads are cached by catalog version
 * and slug; an old slug responds with 301 to the current one; an unknown one 404 with the app's not-found page. A sold
 * exclusive's page responds with the beat and 'Sold', kept out of search engines; its embeddable player is gone (404).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps.js';
import type { CatalogVersion } from '../db/catalog-version.js';
import type { BeatRow } from '../db/schema.js';
import { ARTWORK_HEIGHT, ARTWORK_WIDTH } from '../modules/beats/artwork-image.js';
import { centsToDollars } from '../modules/beats/beat-dto.js';
import { findBeatPageBySlug } from '../modules/beats/beat-pages.service.js';
import { formatUsd } from '../modules/offers/offers.js';
import { previewLink } from '../modules/beats/preview-links.js';
import { createVersionedCache } from '../modules/beats/versioned-cache.js';
import type { Sized } from '../lib/byte-lru.js';
import type { SendPage } from './web-app.js';
import { scriptJson } from './script-json.js';

const STORE_NAME = 'Beat Market';
/** Room for the heads of thousands of pages (about 3 KB each). */
export const BEAT_HEAD_CACHE_BYTES = 8 * 1024 * 1024;

/** Text for an HTML attribute or element: nothing in it can close the tag or start markup. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The store's address for absolute links: PUBLIC_URL, else the address the visitor used. */
export function storeOrigin(deps: Pick<Deps, 'config'>, request: FastifyRequest): string {
  if (deps.config.publicUrl) return deps.config.publicUrl.replace(/\/+$/, '');
  return `${request.protocol}://${request.host}`;
}

export const beatPagePath = (slug: string) => `/beat/${encodeURIComponent(slug)}`;
export const embedPagePath = (slug: string) => `/embed/beat/${encodeURIComponent(slug)}`;
/** The artwork image of a beat's link previews (modules/beats/artwork-image.ts). */
export const artworkPath = (beat: Pick<BeatRow, 'id'>) => `/api/beats/${beat.id}/artwork.png`;

/** The store's one price format ("$1,648.00"), as in messages and e-mails. */
const money = formatUsd;

/** The beat's primary offer in a few words (docs/product/offers-and-prices.md#primary-offer). */
function offerWords(beat: BeatRow): string {
  if (beat.priceCents === null) return 'In the VIP catalog';
  return beat.beatType === 'Exclusive' ? `Exclusive license ${money(beat.priceCents)}` : `MP3 lease ${money(beat.priceCents)}`;
}

/** "Hip Hop beat by Nova Kane · 140 BPM · F minor · MP3 lease $29.99". */
export function beatDescription(beat: BeatRow): string {
  const what = `${beat.category ? `${beat.category} beat` : 'Beat'} by ${beat.artistName}`;
  return [what, `${beat.bpm} BPM`, beat.musicalKey, offerWords(beat)].filter(Boolean).join(' · ');
}

/** ISO 8601 duration: PT2M35S. */
export function isoDuration(seconds: number): string {
  const whole = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(whole / 3600), Math.floor((whole % 3600) / 60), whole % 60];
  return `PT${h ? `${h}H` : ''}${h || m ? `${m}M` : ''}${s}S`;
}

/** schema.org MusicRecording with its primary offer (a VIP-catalog-only beat has no price of its own: no offer). */
export function beatJsonLd(beat: BeatRow, origin: string): Record<string, unknown> {
  const url = `${origin}${beatPagePath(beat.slug)}`;
  const preview = previewLink(beat);
  return {
    '@context': 'https://schema.org',
    '@type': 'MusicRecording',
    name: beat.title,
    url,
    byArtist: { '@type': 'MusicGroup', name: beat.artistName },
    ...(beat.durationSeconds ? { duration: isoDuration(beat.durationSeconds) } : {}),
    ...(beat.category ? { genre: beat.category } : {}),
    datePublished: beat.releaseDate.toISOString().slice(0, 10),
    image: `${origin}${artworkPath(beat)}`,
    ...(preview ? { audio: { '@type': 'AudioObject', contentUrl: `${origin}${preview}`, encodingFormat: 'audio/mpeg' } } : {}),
    ...(beat.tags.length > 0 ? { keywords: beat.tags.join(', ') } : {}),
    ...(beat.priceCents !== null
      ? {
          offers: {
            '@type': 'Offer',
            price: centsToDollars(beat.priceCents).toFixed(2),
            priceCurrency: 'USD',
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
  };
}

/** The head elements of a listed beat's page: every value escaped where it goes. */
export function beatHead(beat: BeatRow, origin: string): string {
  const url = `${origin}${beatPagePath(beat.slug)}`;
  const title = `${beat.title} by ${beat.artistName}`;
  const description = beatDescription(beat);
  const image = `${origin}${artworkPath(beat)}`;
  const preview = previewLink(beat);
  const meta = (attribute: 'name' | 'property', key: string, value: string) =>
    `<meta ${attribute}="${key}" content="${escapeHtml(value)}">`;
  return [
    `<title>${escapeHtml(`${title} · ${STORE_NAME}`)}</title>`,
    meta('name', 'description', description),
    `<link rel="canonical" href="${escapeHtml(url)}">`,
    meta('property', 'og:site_name', STORE_NAME),
    meta('property', 'og:type', 'music.song'),
    meta('property', 'og:title', title),
    meta('property', 'og:description', description),
    meta('property', 'og:url', url),
    meta('property', 'og:image', image),
    meta('property', 'og:image:type', 'image/png'),
    meta('property', 'og:image:width', String(ARTWORK_WIDTH)),
    meta('property', 'og:image:height', String(ARTWORK_HEIGHT)),
    meta('property', 'og:image:alt', `Artwork of ${beat.title}`),
    ...(preview ? [meta('property', 'og:audio', `${origin}${preview}`), meta('property', 'og:audio:type', 'audio/mpeg')] : []),
    ...(beat.durationSeconds ? [meta('property', 'music:duration', String(Math.round(beat.durationSeconds)))] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', title),
    meta('name', 'twitter:description', description),
    meta('name', 'twitter:image', image),
    `<script type="application/ld+json">${scriptJson(beatJsonLd(beat, origin))}</script>`,
  ].join('');
}

/** The head of a sold exclusive's page: its title and that it was sold, no offer, no preview, not for search engines. */
export function soldBeatHead(beat: BeatRow, origin: string): string {
  const title = `${beat.title} by ${beat.artistName}`;
  const description = `Sold: this exclusive has been bought. ${beat.category ? `${beat.category} beat` : 'Beat'} by ${beat.artistName} · ${beat.bpm} BPM`;
  return [
    `<title>${escapeHtml(`${title} · Sold · ${STORE_NAME}`)}</title>`,
    `<meta name="description" content="${escapeHtml(description)}">`,
    '<meta name="robots" content="noindex">',
    `<link rel="canonical" href="${escapeHtml(`${origin}${beatPagePath(beat.slug)}`)}">`,
    `<meta property="og:site_name" content="${STORE_NAME}">`,
    `<meta property="og:title" content="${escapeHtml(`${title} · Sold`)}">`,
    `<meta property="og:description" content="${escapeHtml(description)}">`,
  ].join('');
}

/** The head of a page at an address that names no listed beat: the app shows its not-found page. */
export const notFoundHead = `<title>Beat not found · ${STORE_NAME}</title><meta name="robots" content="noindex">`;

/** A slug's response as cached: the head to send, or where the beat lives now, or nothing. */
class CachedPage implements Sized {
  constructor(
    readonly kind: 'page' | 'sold' | 'moved' | 'missing',
    /** The head (page, sold) or the current slug (moved). */
    readonly text: string,
  ) {}
  bytes(): number {
    return 64 + this.text.length * 2;
  }
}
const missingPage = new CachedPage('missing', '');

export function beatPagesRoutes(deps: Deps, version: CatalogVersion, sendPage: SendPage) {
  const pages = createVersionedCache<CachedPage>(version, BEAT_HEAD_CACHE_BYTES);

  const pageOf = (slug: string, origin: string) =>
    pages.get(`${origin}\n${slug}`, async () => {
      const match = await findBeatPageBySlug(deps, slug);
      if (!match) return missingPage;
      if (!match.current) return new CachedPage('moved', match.beat.slug);
      return match.sold ? new CachedPage('sold', soldBeatHead(match.beat, origin)) : new CachedPage('page', beatHead(match.beat, origin));
    });

  const answer = async (request: FastifyRequest<{ Params: { slug: string } }>, reply: FastifyReply, embed: boolean) => {
    const page = await pageOf(request.params.slug, storeOrigin(deps, request));
    if (page.kind === 'moved') {
      const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
      return reply.redirect(`${embed ? embedPagePath(page.text) : beatPagePath(page.text)}${query}`, 301);
    }
    // A sold exclusive has nothing to play: its embedded player is gone, its page says it was sold.
    if (page.kind === 'missing' || (page.kind === 'sold' && embed)) return sendPage(reply, { status: 404, head: notFoundHead, framable: embed });
    return sendPage(reply, { head: page.text, framable: embed });
  };

  return async (app: FastifyInstance) => {
    app.get<{ Params: { slug: string } }>('/beat/:slug', { schema: { hide: true } }, (request, reply) => answer(request, reply, false));
    // Any site may frame the player (frame-ancestors *); every other page keeps refusing frames.
    app.get<{ Params: { slug: string } }>('/embed/beat/:slug', { schema: { hide: true } }, (request, reply) => answer(request, reply, true));
  };
}
