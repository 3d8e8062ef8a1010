/** The scale-out bench's CPU caps (scripts/cpu-cgroup.ts) on this machine's own control groups. */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { cpuCgroupSupport, createCpuGroup, processCpuSeconds as cpuSeconds } from '../../scripts/cpu-cgroup.js';
import { exited } from '../test/server-process.js';

describe('CPU control groups', () => {
  it('a busy loop in a group capped at 0.1 core is throttled to about 0.1 core, and the group is removed after it (or, without root, no group is made and the error says why)', async () => {
    const support = cpuCgroupSupport();
    if (support.kind === 'none') {
      expect(() => createCpuGroup(`beat-test-${process.pid}`, 0.25)).toThrow(/^cannot cap CPU: /);
      return;
    }
    const group = createCpuGroup(`beat-test-${process.pid}-${Date.now()}`, 0.1);
    const child = spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' });
    try {
      group.add(child.pid!);
      const startCpu = cpuSeconds(child.pid!);
      const started = performance.now();
      const throttledBefore = group.throttledPeriods();
      // Throttled as soon as it has used its 10 ms of a 100 ms period: within a few periods.
      await expect.poll(() => group.throttledPeriods(), { timeout: 10_000, interval: 100 }).toBeGreaterThanOrEqual(throttledBefore + 10);
      const cores = (cpuSeconds(child.pid!) - startCpu) / ((performance.now() - started) / 1000);
      expect(cores).toBeLessThan(0.2);
    } finally {
      child.kill('SIGKILL');
      await exited(child);
      await group.remove();
    }
    expect(existsSync(path.join(support.root, group.name))).toBe(false);
  });
});
