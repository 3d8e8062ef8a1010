/** What the benchmarks run against: a production config on a scratch folder, and a catalog of placeholder beats. */
import path from 'node:path';
import { loadConfig } from '../src/config/env.js';
import type { Database } from '../src/db/client.js';
import type { Deps } from '../src/deps.js';
import { createLocalStorage } from '../src/adapters/storage/local-storage.js';
import { createDeps } from '../src/runtime.js';
import { insertCatalog, type TrackFiles } from '../src/seed/demo-store.js';

export function benchDeps(database: Database, dataDir: string): Deps {
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: dataDir, TOKEN_SECRET: 'bench-secret-bench-secret-bench-secret', LOG_LEVEL: 'silent' });
  return createDeps(config, database, createLocalStorage(path.join(dataDir, 'files')));
}

/** Seeds `beatCount` beats (100 of them exclusive) over 24 tracks whose files are never read, their previews marked ready. */
export async function seedBenchCatalog(deps: Deps, database: Database, beatCount: number): Promise<void> {
  const tracks: TrackFiles[] = Array.from({ length: 24 }, (_, i) => ({
    mp3Key: `audio/bench/${i}.mp3`,
    wavKey: `audio/bench/${i}.wav`,
    stemsKey: i % 2 === 0 ? `audio/bench/${i}.zip` : null,
    durationSeconds: 30,
  }));
  const started = Date.now();
  await insertCatalog(deps, tracks, { nonExclusive: beatCount - 100, exclusive: 100, batchSize: 2000 });
  await database.db.execute(`update beats set preview_key = replace(mp3_key, '.mp3', '-preview.mp3'), preview_render_key = 'bench', audio_state = 'ready'`);
  console.log(`Seeded ${beatCount.toLocaleString('en-US')} beats in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
