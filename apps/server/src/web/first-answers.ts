/**
 * The API answers a drawn first screen asks for first, sent inside its HTML (docs/decisions/0019-first-screen.md#first-answers):
 * the app starts with them instead of asking once its code has run.
 * Each is the API's own answer to that address, taken from the same route (and so from the catalog cache,
 * docs/decisions/0016-catalog-cache.md) when the page is asked for: never older than what the API would answer.
 */
import type { FastifyInstance } from 'fastify';
import { scriptJson } from './script-json.js';

/**
 * The calls each drawn page makes at its start, as the app makes them, whose answers the app takes from the page:
 * the store's config (apps/web/src/lib/store-config.ts).
 */
export const firstAnswerUrls: Readonly<Record<string, readonly string[]>> = {
  '/': ['/api/config'],
  '/beats': ['/api/config'],
  '/exclusives': ['/api/config'],
};

/** One answer as the app's API client would have read it: its body and its ETag (the catalog version it shows). */
export interface FirstAnswer {
  body: unknown;
  etag: string | null;
}

/**
 * What the element holds: each address's answer, and the server's time as the page was made, which the countdowns
 * run on until an API answer brings it (X-Server-Time, docs/product/offers-and-prices.md#countdown).
 */
export interface FirstAnswers {
  serverTime: number;
  answers: Record<string, FirstAnswer>;
}

/** The element's id, which apps/web/src/lib/first-answers.ts reads. */
export const FIRST_ANSWERS_ID = 'first-answers';

/**
 * The answers of `pathname`'s first calls as one `<script type="application/json">` element (data, never run: the
 * page's policy allows no inline script), or '' for a page without any or when one of them failed (the app then
 * asks for them itself, as before).
 */
export async function firstAnswersElement(app: FastifyInstance, pathname: string, nonce: string): Promise<string> {
  const urls = firstAnswerUrls[pathname];
  if (!urls) return '';
  const answers: Record<string, FirstAnswer> = {};
  let serverTime = NaN;
  for (const url of urls) {
    const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
    if (res.statusCode !== 200) return '';
    const etag = res.headers.etag;
    answers[url] = { body: res.json(), etag: typeof etag === 'string' ? etag : null };
    serverTime = Number(res.headers['x-server-time']);
  }
  if (!Number.isFinite(serverTime)) return '';
  const content: FirstAnswers = { serverTime, answers };
  return `<script type="application/json" id="${FIRST_ANSWERS_ID}" nonce="${nonce}">${scriptJson(content)}</script>`;
}
