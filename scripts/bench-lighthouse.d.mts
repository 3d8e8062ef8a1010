/** Types of scripts/bench-lighthouse.mjs, for the benchmark (apps/server/scripts/bench.ts) that calls it. */
export interface LighthouseFinding {
  id: string;
  title: string;
  score: number;
  displayValue: string;
}

export interface FirstLoadJs {
  /** Every script of the page load, largest first: its path, its size and its size gzipped at level 9. */
  files: { path: string; bytes: number; gzipBytes: number }[];
  gzipBytes: number;
}

export interface LighthousePageResult {
  /** The page's path, e.g. `/`. */
  path: string;
  /** Category scores, 0–100 (null when Lighthouse could not score one). */
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  cls: number | null;
  tbtMs: number | null;
  domElements: number | null;
  /** What the largest contentful paint painted (selector and snippet). */
  lcpElement: string | null;
  /** The audits that cost the page points, worst first. */
  findings: LighthouseFinding[];
  /** `/` only: the JavaScript the browser fetched to show it. */
  firstLoadJs: FirstLoadJs | null;
  /** Lighthouse's measure of the host's CPU (median of the runs): its slowdown of 4 assumes about 1,000 or more. */
  benchmarkIndex: number | null;
  /** What Lighthouse warned of in any run (a host CPU slower than it assumes, say). */
  runWarnings: string[];
  /** How many runs these numbers are the median of. */
  runs: number;
  /** The budget checks this page missed (`performance`, `lcp`, `cls`, `tbt`, `accessibility`, `bestPractices`, `seo`, `domElements`, `firstLoadJs`). */
  failed: string[];
  pass: boolean;
}

export const lighthousePages: string[];
export const lighthouseBudget: {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  /** null: shown, not judged. */
  lcpMs: number | null;
  cls: number;
  tbtMs: number | null;
};

export function runLighthouse(
  baseUrl: string,
  options?: { pages?: string[]; chromePath?: string; print?: boolean; runs?: number },
): Promise<LighthousePageResult[]>;

export function firstBeatPage(baseUrl: string): Promise<string>;

export function printLighthouse(results: LighthousePageResult[]): void;
