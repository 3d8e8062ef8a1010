/** Types of scripts/server-memory-env.mjs, for the benchmark that starts server processes. */
export const SEMI_SPACE_MB: number;
export function serverMemoryEnv(env?: Record<string, string | undefined>): {
  MALLOC_ARENA_MAX: string;
  MALLOC_MMAP_THRESHOLD_: string;
  MALLOC_TRIM_THRESHOLD_: string;
  NODE_OPTIONS: string;
};
