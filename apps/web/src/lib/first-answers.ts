/**
 * The API answers a drawn first screen came with (docs/decisions/0019-first-screen.md#first-answers): the server puts
 * the answers of the page's first calls (the store's config) in its HTML, as the API gave them
 * that moment, and the app starts with them instead of asking once its code has run.
 */
import { noteCatalogAnswer } from './catalog-version-seen';
import { noteServerTime } from './server-clock';

interface FirstAnswers {
  serverTime: number;
  answers: Record<string, { body: unknown; etag: string | null }>;
}

let read: FirstAnswers | null | undefined;

function firstAnswers(): FirstAnswers | null {
  if (read !== undefined) return read;
  read = null;
  const element = typeof document === 'undefined' ? null : document.getElementById('first-answers');
  if (!element?.textContent) return read;
  try {
    read = JSON.parse(element.textContent) as FirstAnswers;
  } catch {
    return read;
  }
  // The page's own request is the round trip these answers took: the countdowns run on the server's clock from it.
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (navigation) {
    const at = (ms: number) => performance.timeOrigin + ms;
    noteServerTime(String(read.serverTime), at(navigation.requestStart), at(navigation.responseStart));
  }
  return read;
}

/**
 * The answer the page came with for `url` (as the app's API client would ask for it), once: a later call asks the
 * server. Its catalog version counts as shown (lib/catalog-version-seen.ts), as for an answer fetched.
 */
export function takeFirstAnswer<T>(url: string): T | undefined {
  const answer = firstAnswers()?.answers[url];
  if (!answer) return undefined;
  delete read!.answers[url];
  noteCatalogAnswer(answer.etag);
  return answer.body as T;
}
