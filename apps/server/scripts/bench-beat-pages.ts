/**
 * Goal 13 of `npm run bench` (docs/decisions/0020-beat-pages.md): a beat's page — the web app's HTML with the
 * beat's head rendered by the server — and its API response, each at one connection over 200 beats' pages, p50 ≤ 5 ms.
 * The first request of each page builds its cached head; the rest are what visitors and link previews get.
 */
import { loadInWorker } from './bench-load.mjs';
import type { Goal } from './bench-goal.js';

const PAGES = 200;
const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const TARGET_MS = 5;

async function p50(baseUrl: string, paths: string[]): Promise<{ p50: number; p99: number; rps: number }> {
  const result = await loadInWorker({
    url: baseUrl,
    paths,
    connections: 1,
    seconds: SECONDS,
    headers: { 'accept-encoding': 'gzip, deflate, br' },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${paths[0]}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { p50: result.p50, p99: result.p99, rps: result.rps };
}

export async function beatPageGoals(baseUrl: string): Promise<Goal[]> {
  type Page = { beats: Array<{ slug: string }>; nextCursor: string | null };
  const page = (await (await fetch(`${baseUrl}/api/beats?limit=100`)).json()) as Page;
  const next = (await (await fetch(`${baseUrl}/api/beats?limit=100&cursor=${encodeURIComponent(page.nextCursor ?? '')}`)).json()) as Page;
  const slugs = [...new Set([...page.beats, ...next.beats].map((b) => b.slug))].slice(0, PAGES);
  const goals: Goal[] = [];
  for (const [what, paths] of [
    ['beat page HTML with its server-rendered head, GET /beat/{slug}', slugs.map((s) => `/beat/${s}`)],
    ['beat page API answer, GET /api/beats/slug/{slug}', slugs.map((s) => `/api/beats/slug/${s}`)],
  ] as const) {
    const load = await p50(baseUrl, [...paths]);
    goals.push({
      goal: '13',
      what: `${what}, 1 connection, ${slugs.length} beats (p99 ${load.p99.toFixed(2)} ms, ${Math.round(load.rps)} req/s)`,
      value: `p50 ${load.p50.toFixed(2)} ms`,
      target: `p50 ≤ ${TARGET_MS} ms`,
      pass: load.p50 <= TARGET_MS,
    });
  }
  return goals;
}
