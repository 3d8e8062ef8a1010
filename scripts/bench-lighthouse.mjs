/**
 * Lighthouse on a running store: the catalog (`/`), the NEW EXCLUSIVES list (`/exclusives`), a beat's page (the bench
 * and the command line add the first listed beat's `/beat/{slug}`) and the login page, on a
 * phone (Lighthouse's mobile defaults and simulated throttling), with Debian's Chromium, and the weight of the
 * JavaScript the browser fetched to show `/` (every script of that page load, gzipped: not only the entry file).
 *
 * Quick runs, without the rest of `npm run bench`:
 * - against a store already running (`npm start`, say): `node scripts/bench-lighthouse.mjs http://127.0.0.1:3000`
 *   (add `--runs=3` for the median of three runs: Lighthouse's numbers move when the machine is busy);
 * - on a fresh build and a scratch catalog: `BENCH_ONLY=web npm run bench` builds, seeds BENCH_BEATS beats
 *   (100,000 by default; 5,000 is enough to look at the pages) and runs this on the real server.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import zlib from 'node:zlib';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { headlessChromeFlags } from './chrome-flags.mjs';

export const lighthousePages = ['/', '/exclusives', '/login'];

/** The first listed beat's page, `/beat/{slug}`, of a running store (from its API). */
export async function firstBeatPage(baseUrl) {
  const res = await fetch(new URL('/api/beats?type=Non-Exclusive&limit=1', baseUrl));
  const slug = res.ok ? (await res.json()).beats?.[0]?.slug : undefined;
  if (!slug) throw new Error(`${baseUrl}: no listed beat for a beat page`);
  return `/beat/${slug}`;
}

/**
 * What every page must reach; `/` also keeps its DOM small. LCP and TBT are printed, not judged: goal 15
 * (scripts/bench-felt.mjs) measures what a phone shows and answers in a real browser; this is the secondary check.
 */
export const lighthouseBudget = {
  performance: 90,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: null,
  cls: 0.05,
  tbtMs: null,
};

/** A category's score as 0–100 (Lighthouse gives 0–1, or null when it could not score it). */
const score = (lhr, id) => (lhr.categories[id]?.score == null ? null : Math.round(lhr.categories[id].score * 100));
const numeric = (lhr, id) => lhr.audits[id]?.numericValue ?? null;
const atLeast = (value, min) => value != null && value >= min;
const atMost = (value, max) => value != null && value <= max;

function judge(result) {
  const b = lighthouseBudget;
  const checks = {
    performance: atLeast(result.performance, b.performance),
    accessibility: atLeast(result.accessibility, b.accessibility),
    bestPractices: atLeast(result.bestPractices, b.bestPractices),
    seo: atLeast(result.seo, b.seo),
    cls: atMost(result.cls, b.cls),
  };
  if (b.lcpMs != null) checks.lcp = atMost(result.lcpMs, b.lcpMs);
  if (b.tbtMs != null) checks.tbt = atMost(result.tbtMs, b.tbtMs);
  // The page's element count and the JavaScript it fetched are reported, not judged: a list is paged because it is
  // long, and the scripts a phone fetched are goal 15's (scripts/bench-felt.mjs).
  const failed = Object.keys(checks).filter((key) => !checks[key]);
  return { ...result, failed, pass: failed.length === 0 };
}

/** Lighthouse's findings that cost a page points: the failed audits of every category, worst first. */
function failedAudits(lhr) {
  const seen = new Set();
  const out = [];
  for (const category of Object.values(lhr.categories)) {
    for (const ref of category.auditRefs) {
      const audit = lhr.audits[ref.id];
      if (!audit || seen.has(ref.id) || audit.score == null || audit.score >= 0.9 || ref.weight === 0) continue;
      if (audit.scoreDisplayMode !== 'binary' && audit.scoreDisplayMode !== 'numeric' && audit.scoreDisplayMode !== 'metricSavings') continue;
      seen.add(ref.id);
      out.push({ id: ref.id, title: audit.title, score: audit.score, displayValue: audit.displayValue ?? '' });
    }
  }
  return out.sort((a, b) => a.score - b.score);
}

/** What the largest contentful paint painted, as Lighthouse names it (a selector and a snippet of the element). */
function lcpElement(lhr) {
  const node = lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node;
  return node ? `${node.selector ?? ''} ${node.snippet ?? ''}`.trim() : null;
}

/**
 * The scripts the browser fetched while Lighthouse loaded a page (its network log until the page went quiet), each
 * fetched again uncompressed and weighed gzipped at level 9: what a visitor downloads before the page is usable.
 */
async function firstLoadJs(lhr) {
  const origin = new URL(lhr.finalDisplayedUrl).origin;
  const urls = [
    ...new Set(
      (lhr.audits['network-requests']?.details?.items ?? [])
        .filter((item) => item.resourceType === 'Script' && item.url.startsWith(origin))
        .map((item) => item.url),
    ),
  ];
  const files = await Promise.all(
    urls.map(async (url) => {
      const res = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
      if (!res.ok) throw new Error(`${url}: ${res.status}`);
      const body = Buffer.from(await res.arrayBuffer());
      return { path: new URL(url).pathname, bytes: body.length, gzipBytes: zlib.gzipSync(body, { level: 9 }).length };
    }),
  );
  files.sort((a, b) => b.gzipBytes - a.gzipBytes);
  return { files, gzipBytes: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

const median = (values) => {
  const known = values.filter((v) => v != null).sort((a, b) => a - b);
  return known.length ? known[Math.floor((known.length - 1) / 2)] : null;
};

/** One page's runs as one result: the median of each number; the findings and LCP element of the median-scoring run. */
function medianOf(runs) {
  const byScore = [...runs].sort((a, b) => (a.performance ?? -1) - (b.performance ?? -1));
  const middle = byScore[Math.floor((byScore.length - 1) / 2)];
  const out = { ...middle, runs: runs.length, runWarnings: [...new Set(runs.flatMap((r) => r.runWarnings))] };
  for (const key of ['performance', 'accessibility', 'bestPractices', 'seo', 'lcpMs', 'cls', 'tbtMs', 'domElements', 'benchmarkIndex']) {
    out[key] = median(runs.map((r) => r[key]));
  }
  if (middle.firstLoadJs) {
    const bytes = median(runs.map((r) => r.firstLoadJs?.gzipBytes));
    out.firstLoadJs = runs.find((r) => r.firstLoadJs?.gzipBytes === bytes)?.firstLoadJs ?? middle.firstLoadJs;
  }
  return out;
}

/**
 * Runs Lighthouse on each page of a store already listening at `baseUrl`, one page after another in one Chromium,
 * and returns (and, with `print`, prints) each page's scores and metrics with PASS or FAIL against `lighthouseBudget`.
 */
export async function runLighthouse(baseUrl, { pages = lighthousePages, chromePath = '/usr/bin/chromium', print = true, runs = 1 } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: headlessChromeFlags, logLevel: 'silent' });
  const all = new Map(pages.map((p) => [p, []]));
  try {
    for (let run = 0; run < runs; run++) {
      for (const pagePath of pages) {
        const url = new URL(pagePath, baseUrl).href;
        const runnerResult = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
          formFactor: 'mobile',
        });
        if (!runnerResult) throw new Error(`Lighthouse returned nothing for ${url}`);
        const { lhr } = runnerResult;
        if (lhr.runtimeError) throw new Error(`Lighthouse could not load ${url}: ${lhr.runtimeError.message}`);
        all.get(pagePath).push({
          path: pagePath,
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          bestPractices: score(lhr, 'best-practices'),
          seo: score(lhr, 'seo'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          cls: numeric(lhr, 'cumulative-layout-shift'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          domElements: numeric(lhr, 'dom-size'),
          benchmarkIndex: lhr.environment?.benchmarkIndex ?? null,
          // Lighthouse's own warnings about the run, such as a host CPU slower than its throttling assumes.
          runWarnings: (lhr.runWarnings ?? []).map(String),
          lcpElement: lcpElement(lhr),
          findings: failedAudits(lhr),
          firstLoadJs: pagePath === '/' ? await firstLoadJs(lhr) : null,
        });
      }
    }
  } finally {
    chrome.kill();
  }
  const results = pages.map((p) => judge(medianOf(all.get(p))));
  if (print) printLighthouse(results);
  return results;
}

const fixed = (value, digits) => (value == null ? '—' : value.toFixed(digits));

export function printLighthouse(results) {
  const rows = results.map((r) => [
    r.path,
    r.performance ?? '—',
    r.accessibility ?? '—',
    r.bestPractices ?? '—',
    r.seo ?? '—',
    `${fixed(r.lcpMs == null ? null : r.lcpMs / 1000, 2)} s`,
    fixed(r.cls, 3),
    `${fixed(r.tbtMs, 0)} ms`,
    r.domElements ?? '—',
    r.pass ? 'PASS' : `FAIL (${r.failed.join(', ')})`,
  ]);
  const head = ['page', 'perf', 'a11y', 'best pr.', 'SEO', 'LCP', 'CLS', 'TBT', 'DOM', ''];
  const widths = head.map((h, i) => Math.max(String(h).length, ...rows.map((row) => String(row[i]).length)));
  const line = (cells) => cells.map((c, i) => String(c).padEnd(widths[i])).join('  ').trimEnd();
  const b = lighthouseBudget;
  const runs = results[0]?.runs ?? 1;
  console.log(
    `\nLighthouse, mobile${runs > 1 ? `, median of ${runs} runs` : ''} (budget: performance ≥ ${b.performance}, CLS ≤ ${b.cls}, ` +
      `accessibility/best practices/SEO ≥ ${b.accessibility}; LCP, TBT and elements shown, not judged)`,
  );
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  // Lighthouse's own measure of the host's CPU: its 4× slowdown assumes a desktop of about 1,000–2,000.
  const index = median(results.map((r) => r.benchmarkIndex));
  if (index != null) console.log(`(host CPU: Lighthouse's benchmarkIndex ${Math.round(index)})`);
  for (const warning of new Set(results.flatMap((r) => r.runWarnings))) console.log(`Lighthouse warned: ${warning}`);
  for (const r of results.filter((result) => result.firstLoadJs)) {
    const { files, gzipBytes } = r.firstLoadJs;
    console.log(
      `\nJavaScript fetched to show ${r.path} (gzipped): ${(gzipBytes / 1024).toFixed(1)} KB in ${files.length} files ` +
        `: ${files.map((f) => `${path.basename(f.path)} ${(f.gzipBytes / 1024).toFixed(1)}`).join(', ')}`,
    );
  }
  for (const r of results.filter((result) => !result.pass)) {
    console.log(`\n${r.path} — what cost points (largest paint: ${r.lcpElement ?? 'unknown'}):`);
    for (const f of r.findings.slice(0, 10)) console.log(`  ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const args = process.argv.slice(2);
  const baseUrl = args.find((a) => !a.startsWith('--'));
  const runs = Number(args.find((a) => a.startsWith('--runs='))?.slice('--runs='.length) ?? 1);
  if (!baseUrl || !(runs >= 1)) {
    console.error('Usage: node scripts/bench-lighthouse.mjs http://127.0.0.1:PORT [--runs=3]   (a store started with npm start)');
    process.exit(2);
  }
  const pages = [...lighthousePages.slice(0, 2), await firstBeatPage(baseUrl), ...lighthousePages.slice(2)];
  const results = await runLighthouse(baseUrl, { runs, pages });
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
