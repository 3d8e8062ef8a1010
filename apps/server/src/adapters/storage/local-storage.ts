/**
 * Files kept in a folder on disk (the data folder by default). Writes land in a temp file and are renamed into place.
 * Folders and files are the server user's only (docs/security.md#the-data-folder), whatever the process's umask.
 */
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import { privateDirMode, privateFileMode } from '../../lib/private-files.js';
import { assertSafeKey, type ByteRange, type Storage, type StoredFile } from './storage.js';

export function createLocalStorage(root: string): Storage {
  const fullPath = (key: string) => {
    assertSafeKey(key);
    return path.join(root, key);
  };

  return {
    location: root,
    async put(key, data) {
      const target = fullPath(key);
      await mkdir(path.dirname(target), { recursive: true, mode: privateDirMode });
      const temp = `${target}.${randomUUID()}.tmp`;
      try {
        await pipeline(Buffer.isBuffer(data) ? Readable.from([data]) : data, createWriteStream(temp, { mode: privateFileMode }));
        await rename(temp, target);
      } catch (error) {
        await rm(temp, { force: true });
        throw error;
      }
    },
    async stat(key): Promise<StoredFile | null> {
      const target = fullPath(key);
      try {
        const s = await stat(target);
        return s.isFile() ? { size: s.size, modifiedAt: s.mtime } : null;
      } catch {
        return null;
      }
    },
    read(key, range?: ByteRange) {
      return createReadStream(fullPath(key), range ? { start: range.start, end: range.end } : undefined);
    },
    async delete(key) {
      await rm(fullPath(key), { force: true });
    },
    // The server streams the folder's files itself (lib/send-file.ts).
    presignGet: async () => null,
  };
}
