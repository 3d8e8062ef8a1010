/** `npm run storage:migrate`'s copy: a data folder into a bucket (s3rver on loopback), resumable by size. */
import { randomBytes } from 'node:crypto';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { ListObjectsV2Command } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../../test/s3-server.js';
import { copyFolderToStorage } from './copy-folder-to-storage.js';
import { createS3Storage } from './s3-storage.js';

let s3: TestS3Server;
let bucket: ReturnType<typeof createS3Storage>;
let dir: string;
const files: Record<string, Buffer> = {
  'audio/uploads/a.mp3': randomBytes(3000),
  'audio/previews/b/preview.mp3': randomBytes(5000),
  'images/c.png': randomBytes(700),
  'stems/d.zip': randomBytes(9 * 1024 * 1024),
};

beforeAll(async () => {
  s3 = await startS3Server();
  bucket = createS3Storage(s3.settings);
  dir = await mkdtemp(path.join(os.tmpdir(), 'beat-migrate-'));
  for (const [key, bytes] of Object.entries(files)) {
    await mkdir(path.dirname(path.join(dir, key)), { recursive: true });
    await writeFile(path.join(dir, key), bytes);
  }
  // An unfinished local write and a name the store never makes.
  await writeFile(path.join(dir, 'audio/uploads/a.mp3.0f8e3c1a-5b7d-4e2f-9a6c-1d2e3f4a5b6c.tmp'), 'partial');
  await writeFile(path.join(dir, 'images/odd name.png'), 'x');
});
afterAll(async () => {
  bucket?.client.destroy();
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

describe('copying a data folder into a bucket', () => {
  it('copies every stored file under its key, skips what is there with the same size, and leaves out the rest', async () => {
    // One file is there already, whole; another only in an older, shorter version.
    await bucket.put('images/c.png', files['images/c.png']!);
    await bucket.put('audio/uploads/a.mp3', Buffer.from('older'));
    const outcomes: string[] = [];
    const report = await copyFolderToStorage(dir, bucket, (key, outcome) => outcomes.push(`${key} ${outcome}`));
    expect(report).toMatchObject({ copied: 3, skipped: 1, failed: [] });
    expect(report.copiedBytes).toBe(3000 + 5000 + 9 * 1024 * 1024);
    expect(report.ignored.sort()).toEqual(['audio/uploads/a.mp3.0f8e3c1a-5b7d-4e2f-9a6c-1d2e3f4a5b6c.tmp', 'images/odd name.png']);
    expect(outcomes.sort()).toEqual([
      'audio/previews/b/preview.mp3 copied',
      'audio/uploads/a.mp3 copied',
      'images/c.png skipped',
      'stems/d.zip copied',
    ]);
    for (const [key, bytes] of Object.entries(files)) expect((await buffer(bucket.read(key))).equals(bytes)).toBe(true);
    const listed = await bucket.client.send(new ListObjectsV2Command({ Bucket: s3.settings.bucket }));
    expect((listed.Contents ?? []).map((o) => o.Key).sort()).toEqual(Object.keys(files).sort());
  });

  it('copies nothing again on a second run', async () => {
    const before = s3.requests.filter((r) => r.method === 'PUT').length;
    const report = await copyFolderToStorage(dir, bucket);
    expect(report).toMatchObject({ copied: 0, copiedBytes: 0, skipped: 4, failed: [] });
    expect(s3.requests.filter((r) => r.method === 'PUT').length).toBe(before);
  });

  it('reports a file it could not copy and goes on with the others', async () => {
    await writeFile(path.join(dir, 'images/e.png'), randomBytes(100));
    const elsewhere = createS3Storage({ ...s3.settings, bucket: 'no-such-bucket' });
    try {
      const report = await copyFolderToStorage(dir, elsewhere);
      expect(report.copied).toBe(0);
      expect(report.failed.map((f) => f.key).sort()).toEqual([...Object.keys(files), 'images/e.png'].sort());
      expect(report.failed[0]!.message).toMatch(/bucket does not exist/i);
    } finally {
      elsewhere.client.destroy();
    }
  });
});
