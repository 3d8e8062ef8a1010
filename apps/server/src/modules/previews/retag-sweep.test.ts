/** A tag change queues every beat's render through a sweep of short steps, never one long transaction. */
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { beats, jobs } from '../../db/schema.js';
import { createBeat, fileTestApp } from '../../test/helper.js';
import { claimJobs, completeJob } from '../../jobs/job-queue.js';
import { RENDER_QUEUE, RETAG_QUEUE, retagStep, startRetag } from './previews.service.js';

const t = fileTestApp();

const queued = (queue: string) => t.deps.db.select().from(jobs).where(and(eq(jobs.queue, queue), eq(jobs.status, 'queued')));

describe('the re-tag sweep', () => {
  it('queues every beat not deleted, a batch per step, each step queuing the next', async () => {
    const made = await Promise.all(Array.from({ length: 7 }, () => createBeat(t)));
    const gone = await createBeat(t, { deletedAt: new Date() });
    await startRetag(t.deps.db, t.deps.clock);
    expect(await queued(RETAG_QUEUE)).toHaveLength(1);
    // A second change before the sweep ran starts over with one sweep, not two.
    await startRetag(t.deps.db, t.deps.clock);
    expect(await queued(RETAG_QUEUE)).toHaveLength(1);

    const steps: number[] = [];
    for (;;) {
      const [step] = await claimJobs(t.deps.db, t.deps.clock, 'w', [RETAG_QUEUE], 1, 30_000);
      if (!step) break;
      steps.push(await retagStep(t.deps, (step.payload.after as string | null) ?? null, 3));
      await completeJob(t.deps.db, t.deps.clock, step, 'w');
    }
    expect(steps).toEqual([3, 3, 1]);
    const renders = await queued(RENDER_QUEUE);
    expect(renders.map((j) => j.payload.beatId).sort()).toEqual(made.map((b) => b.id).sort());
    expect(renders.some((j) => j.payload.beatId === gone.id)).toBe(false);
    const states = await t.deps.db.select({ id: beats.id, state: beats.audioState }).from(beats);
    expect(states.filter((b) => b.id !== gone.id).every((b) => b.state === 'rendering')).toBe(true);
  });
});
