/** The S3_* settings: all or nothing, checked at start-up, and which storage they choose. */
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import { createStorage } from './create-storage.js';

const base = { DATA_DIR: '/tmp/beat-config-test', TOKEN_SECRET: 'x'.repeat(40) };
const selfHosted = {
  S3_BUCKET: 'beat-files',
  S3_ENDPOINT: 'http://127.0.0.1:9000',
  S3_ACCESS_KEY_ID: 'key-id',
  S3_SECRET_ACCESS_KEY: 'secret',
};

describe('the storage settings', () => {
  it('keep files in DATA_DIR/files without S3_BUCKET', async () => {
    const config = loadConfig(base);
    expect(config.s3).toBeNull();
    expect((await createStorage(config)).location).toBe(path.resolve('/tmp/beat-config-test/files'));
  });

  it('choose the bucket when S3_BUCKET and what it needs are set', async () => {
    const config = loadConfig({ ...base, ...selfHosted, S3_FORCE_PATH_STYLE: 'true' });
    expect(config.s3).toEqual({
      bucket: 'beat-files',
      region: 'us-east-1',
      endpoint: 'http://127.0.0.1:9000',
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret' },
      forcePathStyle: true,
    });
    expect((await createStorage(config)).location).toBe('s3://beat-files at http://127.0.0.1:9000');
    // On AWS itself the SDK finds the credentials (an instance role); the region says where the bucket is.
    expect(loadConfig({ ...base, S3_BUCKET: 'beat-files', S3_REGION: 'eu-west-1' }).s3).toMatchObject({
      region: 'eu-west-1',
      endpoint: undefined,
      credentials: undefined,
      forcePathStyle: false,
    });
  });

  it.each([
    [{ S3_ENDPOINT: 'http://127.0.0.1:9000', S3_REGION: 'auto' }, 'S3_BUCKET: required with S3_REGION, S3_ENDPOINT'],
    [{ ...selfHosted, S3_SECRET_ACCESS_KEY: '' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: set both or neither'],
    [{ S3_BUCKET: 'beat-files', S3_ENDPOINT: 'http://127.0.0.1:9000' }, 'S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY: required with S3_ENDPOINT'],
    [{ S3_BUCKET: 'beat-files' }, 'S3_REGION: required for an AWS bucket'],
    [{ ...selfHosted, S3_BUCKET: 'Beat_Files' }, 'S3_BUCKET: S3_BUCKET must be a bucket name'],
    [{ ...selfHosted, S3_ENDPOINT: 'minio:9000' }, "S3_ENDPOINT: S3_ENDPOINT must be the server's address"],
    [{ ...selfHosted, S3_FORCE_PATH_STYLE: 'yes' }, 'S3_FORCE_PATH_STYLE'],
  ])('stop start-up on a partial or bad set: %o', (settings, message) => {
    const attempt = () => loadConfig({ ...base, ...settings });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(message);
  });
});
