/** Chooses where files live from the configuration: the S3_BUCKET bucket when set, else DATA_DIR/files (docs/storage.md). */
import path from 'node:path';
import type { Config } from '../../config/env.js';
import { createLocalStorage } from './local-storage.js';
import type { Storage } from './storage.js';

/** The bucket's client libraries are loaded only when a bucket is configured (their memory is the store's otherwise). */
export async function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Promise<Storage> {
  if (!config.s3) return createLocalStorage(path.join(config.dataDir, 'files'));
  const { createS3Storage } = await import('./s3-storage.js');
  return createS3Storage(config.s3);
}
