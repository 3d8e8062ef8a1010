/** Test and benchmark fixture: beats with real audio in storage and their render jobs queued, as an upload leaves them. */
import { randomBytes } from 'node:crypto';
import type { Deps } from '../../deps.js';
import { beats } from '../../db/schema.js';
import { makeTestBeat } from '../../audio/test-support.js';
import { enqueueRenders } from './previews.service.js';

/** `count` beats of `seconds` each, every one with its own WAV master (so none shares a render). */
export async function queueRenderWorkload(deps: Pick<Deps, 'db' | 'storage' | 'clock'>, count: number, seconds: number): Promise<string[]> {
  const master = makeTestBeat(seconds, { seed: 1, channels: 2 }).wav;
  const ids: string[] = [];
  for (let i = 0; i < count; i++) {
    const name = randomBytes(6).toString('hex');
    // The same music under different keys: each is its own source, so each renders.
    const wavKey = `audio/workload/${name}.wav`;
    await deps.storage.put(wavKey, master);
    const [beat] = await deps.db
      .insert(beats)
      .values({
        title: `Workload ${i + 1} ${name}`,
        artistName: 'Workload',
        bpm: 120,
        releaseDate: new Date('2026-01-01T00:00:00Z'),
        beatType: 'Non-Exclusive',
        mp3Key: wavKey,
        wavKey,
        audioState: 'rendering',
      })
      .returning({ id: beats.id });
    ids.push(beat!.id);
  }
  await enqueueRenders(deps.db, deps.clock, ids);
  return ids;
}
