/**
 * CPU control groups for the scale-out bench: each server process gets a share of a core of its own, as if it ran on
 * a small machine of its own (docs/scaling.md#the-scale-out-measurement). cgroup v1's cpu controller
 * (/sys/fs/cgroup/cpu, cpu.cfs_quota_us of cpu.cfs_period_us) or cgroup v2 (cpu.max), whichever is mounted; both
 * need root. A process in a group is throttled once it has used its quota of a period.
 */
import { existsSync, mkdirSync, readFileSync, rmdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PERIOD_US = 100_000;
const V1_ROOT = '/sys/fs/cgroup/cpu';
const V2_ROOT = '/sys/fs/cgroup';

/** Linux counts processes' times in ticks of 1/100 s (USER_HZ). */
const TICKS_PER_SECOND = 100;

/**
 * A process's CPU seconds so far, its reaped children's included (0 once it has exited, or without /proc): PostgreSQL's
 * connection processes come and go, and the time of one that exits moves into the server's own count, so a sum over
 * PostgreSQL's processes only grows.
 */
export function processCpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // After "pid (name) state": utime, stime, cutime and cstime are the 12th to 15th fields (proc(5): 14–17).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12]) + Number(fields[13]) + Number(fields[14])) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export type CgroupSupport = { kind: 'v1' | 'v2'; root: string } | { kind: 'none'; why: string };

/** Which hierarchy can cap CPU here, or why none can. */
export function cpuCgroupSupport(): CgroupSupport {
  const root = process.getuid?.() === 0;
  if (existsSync(path.join(V1_ROOT, 'cpu.cfs_quota_us'))) {
    return root ? { kind: 'v1', root: V1_ROOT } : { kind: 'none', why: `${V1_ROOT} needs root to make groups in` };
  }
  const controllers = path.join(V2_ROOT, 'cgroup.controllers');
  if (existsSync(controllers) && readFileSync(controllers, 'utf8').split(/\s+/).includes('cpu')) {
    return root ? { kind: 'v2', root: V2_ROOT } : { kind: 'none', why: `${V2_ROOT} needs root to make groups in` };
  }
  return { kind: 'none', why: 'no cgroup hierarchy with the cpu controller is mounted' };
}

export interface CpuGroup {
  name: string;
  /** The cores its processes may use together. */
  cores: number;
  add(pid: number): void;
  /** Periods in which its processes were stopped for having used their quota (cpu.stat nr_throttled). */
  throttledPeriods(): number;
  /** Removes the group; its processes must have exited. Waits (up to 5 s) for the kernel to let it go. */
  remove(): Promise<void>;
}

/** A group named `name` capped at `cores` (0.25: a quarter of one core). Throws when none can be made. */
export function createCpuGroup(name: string, cores: number): CpuGroup {
  if (!(cores > 0)) throw new Error(`a CPU cap is a number of cores above 0, not ${cores}`);
  const support = cpuCgroupSupport();
  if (support.kind === 'none') throw new Error(`cannot cap CPU: ${support.why}`);
  const dir = path.join(support.root, name);
  const quota = Math.round(cores * PERIOD_US);
  if (support.kind === 'v2') {
    // The cpu controller must be on for the root's children (it usually is where cgroup v2 is mounted alone).
    const subtree = path.join(support.root, 'cgroup.subtree_control');
    if (!readFileSync(subtree, 'utf8').split(/\s+/).includes('cpu')) writeFileSync(subtree, '+cpu');
  }
  mkdirSync(dir);
  try {
    if (support.kind === 'v1') {
      writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
      writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(quota));
    } else {
      writeFileSync(path.join(dir, 'cpu.max'), `${quota} ${PERIOD_US}`);
    }
  } catch (error) {
    rmdirSync(dir);
    throw error;
  }
  return {
    name,
    cores,
    add: (pid) => writeFileSync(path.join(dir, 'cgroup.procs'), String(pid)),
    throttledPeriods: () => Number(/^nr_throttled (\d+)$/m.exec(readFileSync(path.join(dir, 'cpu.stat'), 'utf8'))?.[1] ?? 0),
    remove: async () => {
      // A process that has just exited may still be counted in the group for a moment: rmdir is then EBUSY.
      const deadline = Date.now() + 5_000;
      for (;;) {
        try {
          rmdirSync(dir);
          return;
        } catch (error) {
          const code = (error as NodeJS.ErrnoException).code;
          if (code === 'ENOENT') return;
          if (code !== 'EBUSY' || Date.now() > deadline) throw error;
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
    },
  };
}
