/**
 * An S3-compatible server (s3rver) on loopback for tests, with its files in a temp folder. Every request it answers
 * is noted (method and URL), so a test can check what the storage asked of the bucket.
 */
import http from 'node:http';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3StorageSettings } from '../adapters/storage/s3-storage.js';

export interface TestS3Server {
  settings: S3StorageSettings;
  /** The same settings as environment variables (createTestApp's `env`). */
  env: Record<string, string>;
  /** Every request answered, oldest first. */
  requests: { method: string; url: string; status: number }[];
  /** Files of multipart uploads the server still holds (started and neither completed nor aborted). */
  pendingUploadFiles(): Promise<string[]>;
  close(): Promise<void>;
}

export async function startS3Server(bucket = 'beat-files'): Promise<TestS3Server> {
  const directory = await mkdtemp(path.join(os.tmpdir(), 'beat-s3-'));
  // s3rver's own account: its credentials are fixed.
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name: bucket, configs: [] }] });
  await s3rver.configureBuckets();
  const handle = s3rver.callback();
  const requests: TestS3Server['requests'] = [];
  const server = http.createServer((request, response) => {
    response.once('finish', () => requests.push({ method: request.method!, url: request.url!, status: response.statusCode }));
    handle(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  const endpoint = `http://127.0.0.1:${port}`;
  const credentials = { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' };
  return {
    settings: { bucket, region: 'us-east-1', endpoint, credentials, forcePathStyle: true },
    env: {
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_FORCE_PATH_STYLE: 'true',
    },
    requests,
    async pendingUploadFiles() {
      const entries = (await readdir(path.join(directory, bucket), { recursive: true })) as string[];
      return entries.filter((entry) => entry.includes('_S3rver_uploads'));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(directory, { recursive: true, force: true });
    },
  };
}
