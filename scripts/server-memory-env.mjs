// The memory setting for a server process (docs/decisions/0018-embedded-database-memory.md). V8 reads it only when a
// process starts, so whoever starts apps/server/dist/server.js passes it in its environment: `npm start`,
// `npm run cluster` and the benchmark. A value already in the environment wins.
//
// NODE_OPTIONS gains --max-semi-space-size=8 (MB): V8's young generation, two semi-spaces, grows under load to its
// largest (two of 16 MB by default on Node.js 20) and stays that size, resident, however little of it is in use.
//
// glibc's allocator is left as it is: fixing its arenas and thresholds kept 28 MB (10 %) less resident after the
// bench's load on the embedded database, nothing on PostgreSQL, and made no response faster by a margin the noise
// did not swallow (docs/benchmarks.md#kept-or-removed-by-measurement).
export const SEMI_SPACE_MB = 8;

export function serverMemoryEnv(env = process.env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    NODE_OPTIONS: /--max-semi-space-size\b/.test(nodeOptions) ? nodeOptions : `${nodeOptions} --max-semi-space-size=${SEMI_SPACE_MB}`.trim(),
  };
}
