// The memory settings for a server process (docs/decisions/0018-embedded-database-memory.md). glibc and V8 read them
// only when a process starts, so whoever starts apps/server/dist/server.js passes them in its environment:
// `npm start`, `npm run cluster` and the benchmark. A value already in the environment wins.
//
// - MALLOC_ARENA_MAX=2: without it every thread that compresses a large response keeps a heap arena of its own.
// - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ fixed at 4 and 8 MB: glibc's default raises both as the process
//   frees large blocks (to 32 and 64 MB), after which an arena keeps up to 64 MB of freed compression memory for
//   good. Fixed, an arena hands back what is free beyond 8 MB, and the compressors' blocks (under 4 MB) still come
//   from the arena, not from a fresh mapping each time.
// - NODE_OPTIONS gains --max-semi-space-size=8 (MB): V8's young generation, two semi-spaces, grows under load to its
//   largest (two of 16 MB by default on Node.js 20) and stays that size, resident, however little of it is in use.
export const SEMI_SPACE_MB = 8;

export function serverMemoryEnv(env = process.env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || String(4 * 1024 * 1024),
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ || String(8 * 1024 * 1024),
    NODE_OPTIONS: /--max-semi-space-size\b/.test(nodeOptions) ? nodeOptions : `${nodeOptions} --max-semi-space-size=${SEMI_SPACE_MB}`.trim(),
  };
}
