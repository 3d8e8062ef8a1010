/** The C library's memory settings that `npm start`, `npm run cluster` and the bench give a server process. */
import { describe, expect, it } from 'vitest';
import { serverMemoryEnv } from '../../../../scripts/server-memory-env.mjs';

describe('serverMemoryEnv', () => {
  it('fixes two arenas and 4 MB and 8 MB thresholds by default', () => {
    expect(serverMemoryEnv({})).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_MMAP_THRESHOLD_: '4194304', MALLOC_TRIM_THRESHOLD_: '8388608' });
  });

  it('keeps what the environment already says', () => {
    expect(serverMemoryEnv({ MALLOC_ARENA_MAX: '8', MALLOC_TRIM_THRESHOLD_: '131072' })).toEqual({
      MALLOC_ARENA_MAX: '8',
      MALLOC_MMAP_THRESHOLD_: '4194304',
      MALLOC_TRIM_THRESHOLD_: '131072',
    });
  });
});
