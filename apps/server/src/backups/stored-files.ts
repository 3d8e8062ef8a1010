/**
 * The store's files in a backup (docs/backups.md): read from the data folder's `files/` or from the bucket, each
 * under its key, and put back into a folder or a bucket, whichever the restoring store uses.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, type S3Client } from '@aws-sdk/client-s3';
import { isStoredKey, storedKeysIn } from '../adapters/storage/copy-folder-to-storage.js';
import { entryNames, type ArchiveEntry } from './archive.js';
import { fileEntry } from './databases.js';

/** What a backup left out: names that are no stored file (unfinished writes, odd names) and files deleted while it ran. */
export interface LeftOut {
  ignored: string[];
  gone: string[];
}

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

export async function* folderFileEntries(folder: string, leftOut: LeftOut): AsyncGenerator<ArchiveEntry> {
  if (!existsSync(folder)) return;
  const { keys, ignored } = await storedKeysIn(folder);
  leftOut.ignored.push(...ignored);
  for (const key of keys) {
    try {
      yield await fileEntry(path.join(folder, key), `${entryNames.files}/${key}`);
    } catch (error) {
      if (!isGone(error)) throw error;
      leftOut.gone.push(key);
    }
  }
}

/** Every key in the bucket, listed a page (up to 1,000) at a time. */
export async function* bucketKeys(client: S3Client, bucket: string): AsyncGenerator<string> {
  let token: string | undefined;
  do {
    const page = await client.send(new ListObjectsV2Command({ Bucket: bucket, ContinuationToken: token }));
    for (const object of page.Contents ?? []) yield object.Key!;
    token = page.IsTruncated ? page.NextContinuationToken : undefined;
  } while (token);
}

export async function* bucketFileEntries(client: S3Client, bucket: string, leftOut: LeftOut): AsyncGenerator<ArchiveEntry> {
  for await (const key of bucketKeys(client, bucket)) {
    if (!isStoredKey(key)) {
      leftOut.ignored.push(key);
      continue;
    }
    try {
      const object = await client.send(new GetObjectCommand({ Bucket: bucket, Key: key }));
      // The size of the object this GET reads, whatever the listing said (it may have been replaced since).
      yield { name: `${entryNames.files}/${key}`, type: 'file', size: object.ContentLength ?? 0, body: object.Body as Readable };
    } catch (error) {
      if (!(error instanceof NoSuchKey)) throw error;
      leftOut.gone.push(key);
    }
  }
}
