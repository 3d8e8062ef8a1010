/** Types of scripts/bench-felt.mjs, for the benchmark (apps/server/scripts/bench.ts) that calls it. */
export interface FeltResult {
  runs: number;
  /** Each measure's value of every run, in ms (bytes for scriptBytes); null where a run failed. */
  values: {
    rowMs: Array<number | null>;
    playMs: Array<number | null>;
    addToCartMs: Array<number | null>;
    searchMs: Array<number | null>;
    inpAddMs: Array<number | null>;
    inpFilterMs: Array<number | null>;
    inpSearchMs: Array<number | null>;
    scriptBytes: Array<number | null>;
  };
  errors: string[];
  /** The scripts of the median load, largest first. */
  files: { url: string; bytes: number }[];
  rowTitle: string | null;
}

export const feltBudget: {
  firstRowMs: number;
  playMs: number;
  addToCartMs: number;
  searchMs: number;
  inpMs: number;
  scriptBytes: number;
};

export function runFelt(baseUrl: string, options?: { runs?: number; chromePath?: string; print?: boolean }): Promise<FeltResult>;
export function feltGoals(result: FeltResult, goal?: string): { goal: string; what: string; value: string; target: string; pass: boolean }[];
export function printFelt(result: FeltResult): void;
