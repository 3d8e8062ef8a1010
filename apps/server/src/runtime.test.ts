/**
 * The store loads the client libraries of a bucket and of Redis only when it is configured to use them: a store on
 * its own machine does not carry their memory (docs/decisions/0018-embedded-database-memory.md).
 */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startRuntimeProbe } from './test/runtime-probe.js';

describe('the runtime', () => {
  it('loads neither the bucket nor the Redis client on its own machine', async () => {
    const loaded = await startRuntimeProbe({});
    expect(loaded.storage).toBe(path.join(loaded.dataDir, 'files'));
    expect(loaded).toMatchObject({ redis: false, bucket: false, poolSize: null });
  }, 60_000);

  it('loads the bucket client when a bucket is configured', async () => {
    const loaded = await startRuntimeProbe({
      S3_BUCKET: 'beat-files',
      S3_ENDPOINT: 'http://127.0.0.1:9',
      S3_ACCESS_KEY_ID: 'key-id',
      S3_SECRET_ACCESS_KEY: 'secret',
    });
    expect(loaded.storage).toBe('s3://beat-files at http://127.0.0.1:9');
    expect(loaded).toMatchObject({ redis: false, bucket: true });
  }, 60_000);
});
