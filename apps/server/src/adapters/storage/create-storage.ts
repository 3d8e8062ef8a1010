/** Chooses where files live from the configuration: the S3_BUCKET bucket when set, else DATA_DIR/files (docs/storage.md). */
import path from 'node:path';
import type { Config } from '../../config/env.js';
import { createLocalStorage } from './local-storage.js';
import { createS3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

export function createStorage(config: Pick<Config, 's3' | 'dataDir'>): Storage {
  return config.s3 ? createS3Storage(config.s3) : createLocalStorage(path.join(config.dataDir, 'files'));
}
