// The C library's memory settings for a server process (docs/decisions/0018-embedded-database-memory.md). glibc reads
// them only when a process starts, so whoever starts apps/server/dist/server.js passes them in its environment:
// `npm start`, `npm run cluster` and the benchmark. A value already in the environment wins.
//
// - MALLOC_ARENA_MAX=2: without it every thread that compresses a large answer keeps a heap arena of its own.
// - MALLOC_MMAP_THRESHOLD_ and MALLOC_TRIM_THRESHOLD_ fixed at 4 and 8 MB: glibc's default raises both as the process
//   frees large blocks (to 32 and 64 MB), after which an arena keeps up to 64 MB of freed compression memory for
//   good. Fixed, an arena hands back what is free beyond 8 MB, and the compressors' blocks (under 4 MB) still come
//   from the arena, not from a fresh mapping each time.
export function serverMemoryEnv(env = process.env) {
  return {
    MALLOC_ARENA_MAX: env.MALLOC_ARENA_MAX || '2',
    MALLOC_MMAP_THRESHOLD_: env.MALLOC_MMAP_THRESHOLD_ || String(4 * 1024 * 1024),
    MALLOC_TRIM_THRESHOLD_: env.MALLOC_TRIM_THRESHOLD_ || String(8 * 1024 * 1024),
  };
}
