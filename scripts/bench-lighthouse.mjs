/**
 * Lighthouse on a running store: the catalog (`/`), the NEW EXCLUSIVES list (`/exclusives`) and the login page, on a
 * phone (Lighthouse's mobile defaults and simulated throttling), with Debian's Chromium. It starts no store: give it
 * the address of one. `node scripts/bench-lighthouse.mjs http://127.0.0.1:3000` prints the table alone.
 */
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';

export const lighthousePages = ['/', '/exclusives', '/login'];

/** What every page must reach; `/` also keeps its DOM small. */
export const lighthouseBudget = {
  performance: 95,
  accessibility: 95,
  bestPractices: 95,
  seo: 95,
  lcpMs: 2000,
  cls: 0.05,
  tbtMs: 150,
  homeDomElements: 1500,
};

const chromeFlags = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

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
    lcp: atMost(result.lcpMs, b.lcpMs),
    cls: atMost(result.cls, b.cls),
    tbt: atMost(result.tbtMs, b.tbtMs),
  };
  if (result.path === '/') checks.domElements = atMost(result.domElements, b.homeDomElements);
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
 * Runs Lighthouse on each page of a store already listening at `baseUrl`, one page after another in one Chromium,
 * and returns (and, with `print`, prints) each page's scores and metrics with PASS or FAIL against `lighthouseBudget`.
 */
export async function runLighthouse(baseUrl, { pages = lighthousePages, chromePath = '/usr/bin/chromium', print = true } = {}) {
  const chrome = await chromeLauncher.launch({ chromePath, chromeFlags, logLevel: 'silent' });
  const results = [];
  try {
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
      results.push(
        judge({
          path: pagePath,
          performance: score(lhr, 'performance'),
          accessibility: score(lhr, 'accessibility'),
          bestPractices: score(lhr, 'best-practices'),
          seo: score(lhr, 'seo'),
          lcpMs: numeric(lhr, 'largest-contentful-paint'),
          cls: numeric(lhr, 'cumulative-layout-shift'),
          tbtMs: numeric(lhr, 'total-blocking-time'),
          domElements: numeric(lhr, 'dom-size'),
          lcpElement: lcpElement(lhr),
          findings: failedAudits(lhr),
        }),
      );
    }
  } finally {
    chrome.kill();
  }
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
  console.log(
    `\nLighthouse, mobile (budget: performance ≥ ${b.performance}, LCP ≤ ${b.lcpMs / 1000} s, CLS ≤ ${b.cls}, TBT ≤ ${b.tbtMs} ms, ` +
      `accessibility/best practices/SEO ≥ ${b.accessibility}, / ≤ ${b.homeDomElements} DOM elements)`,
  );
  console.log(line(head));
  for (const row of rows) console.log(line(row));
  for (const r of results.filter((result) => !result.pass)) {
    console.log(`\n${r.path} — what cost points (largest paint: ${r.lcpElement ?? 'unknown'}):`);
    for (const f of r.findings.slice(0, 10)) console.log(`  ${f.title}${f.displayValue ? ` (${f.displayValue})` : ''}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const baseUrl = process.argv[2];
  if (!baseUrl) {
    console.error('Usage: node scripts/bench-lighthouse.mjs http://127.0.0.1:PORT   (a store started with npm start)');
    process.exit(2);
  }
  const results = await runLighthouse(baseUrl);
  process.exitCode = results.every((r) => r.pass) ? 0 : 1;
}
