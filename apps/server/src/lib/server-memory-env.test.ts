/** The memory settings that `npm start`, `npm run cluster` and the bench give a server process. */
import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { SEMI_SPACE_MB, serverMemoryEnv } from '../../../../scripts/server-memory-env.mjs';

describe('serverMemoryEnv', () => {
  it('gives an 8 MB semi-space by default and leaves the C library as it is', () => {
    expect(serverMemoryEnv({})).toEqual({ NODE_OPTIONS: '--max-semi-space-size=8' });
  });

  it('keeps what the environment already says', () => {
    expect(serverMemoryEnv({ NODE_OPTIONS: '--max-semi-space-size=32' })).toEqual({ NODE_OPTIONS: '--max-semi-space-size=32' });
    expect(serverMemoryEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe('--enable-source-maps --max-semi-space-size=8');
  });

  it("caps the young generation of a process started with them, however much survives its collections", () => {
    // Objects that stay alive make V8 grow its young generation to the largest it may be.
    const script = `
      const kept = [];
      for (let i = 0; i < 2_000_000; i++) kept.push({ i, s: 'x' + i });
      const space = require('node:v8').getHeapSpaceStatistics().find((s) => s.space_name === 'new_space');
      console.log(JSON.stringify({ size: space.space_size, kept: kept.length }));`;
    const sizeOf = (env: NodeJS.ProcessEnv) => {
      const run = spawnSync(process.execPath, ['-e', script], { env, encoding: 'utf8' });
      expect(run.status, run.stderr).toBe(0);
      return (JSON.parse(run.stdout) as { size: number }).size;
    };
    const capped = sizeOf({ ...process.env, ...serverMemoryEnv({}) });
    const unset = sizeOf({ ...process.env, NODE_OPTIONS: '' });
    expect(capped).toBeLessThanOrEqual(2 * SEMI_SPACE_MB * 1024 * 1024);
    expect(unset).toBeGreaterThan(capped);
  });
});
