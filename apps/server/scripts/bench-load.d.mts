/** Types of scripts/bench-load.mjs, the load generator of the benchmark's goals 1 and 3. */
export interface LoadOptions {
  url: string;
  /** Asked in turn by each connection, each starting at its own offset. */
  paths: string[];
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
}

export interface LoadResult {
  /** Responses completed within the time, per second. */
  rps: number;
  /** Latency percentiles of those responses, in milliseconds (fractions kept). */
  p50: number;
  p99: number;
  /** Bytes received per second: heads and bodies as sent, not decoded. */
  bytes: number;
  answered: number;
  non2xx: number;
  errors: number;
}

export function load(options: LoadOptions): Promise<LoadResult>;
export function loadInWorker(options: LoadOptions): Promise<LoadResult>;
