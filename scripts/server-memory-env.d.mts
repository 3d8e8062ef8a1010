/** Types of scripts/server-memory-env.mjs, for the benchmark that starts server processes. */
export const SEMI_SPACE_MB: number;
export function serverMemoryEnv(env?: Record<string, string | undefined>): {
  NODE_OPTIONS: string;
};
