/**
 * GET /api/ready for a load balancer (docs/reliability.md#health-and-readiness): the database answers within a
 * second, and so do Redis (the shared rate limits, when set) and the bucket when files are in one.
 */
import { sql } from 'drizzle-orm';
import type { Deps } from '../deps.js';
import { within } from '../lib/within.js';

export const READY_TIMEOUT_MS = 1_000;

export interface Readiness {
  ready: boolean;
  /** One sentence per part that is not ready. */
  problems: string[];
}

export async function checkReadiness(deps: Pick<Deps, 'db' | 'storage' | 'limiter'>, timeoutMs = READY_TIMEOUT_MS): Promise<Readiness> {
  const checks: Array<[string, () => Promise<unknown>]> = [['the database', () => deps.db.execute(sql`select 1`)]];
  const { storage } = deps;
  if (storage.ping) checks.push(['file storage', () => storage.ping!()]);
  if (deps.limiter.kind === 'redis') checks.push(['the shared counters (Redis)', () => deps.limiter.ready()]);
  const results = await Promise.allSettled(checks.map(([what, ping]) => within(Promise.resolve().then(ping), timeoutMs, what)));
  const problems = results.flatMap((result, i) => {
    if (result.status === 'fulfilled') return [];
    const reason = result.reason instanceof Error ? result.reason.message : String(result.reason);
    const what = checks[i]![0];
    return [reason.startsWith(what) ? reason : `${what} failed: ${reason}`];
  });
  return { ready: problems.length === 0, problems };
}
