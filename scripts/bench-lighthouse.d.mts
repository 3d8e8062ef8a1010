/** Types of scripts/bench-lighthouse.mjs, for the benchmark (apps/server/scripts/bench.ts) that calls it. */
export interface LighthouseFinding {
  id: string;
  title: string;
  score: number;
  displayValue: string;
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
  /** The budget checks this page missed (`performance`, `lcp`, `cls`, `tbt`, `accessibility`, `bestPractices`, `seo`, `domElements`). */
  failed: string[];
  pass: boolean;
}

export const lighthousePages: string[];
export const lighthouseBudget: {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  homeDomElements: number;
};

export function runLighthouse(
  baseUrl: string,
  options?: { pages?: string[]; chromePath?: string; print?: boolean },
): Promise<LighthousePageResult[]>;

export function printLighthouse(results: LighthousePageResult[]): void;
