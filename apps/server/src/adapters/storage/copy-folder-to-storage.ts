/**
 * Copies a data folder's files into another storage (a bucket) under the same keys, for `npm run storage:migrate`
 * (docs/storage.md#moving-to-a-bucket). A key already there with the same size is skipped, so a run that stopped
 * is simply run again.
 */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { createLocalStorage } from './local-storage.js';
import { assertSafeKey, type Storage } from './storage.js';

export interface CopyReport {
  copied: number;
  copiedBytes: number;
  /** Already in the target with the same size. */
  skipped: number;
  /** Not a key the store could have written (a leftover temp file, an odd name): left where it is. */
  ignored: string[];
  failed: { key: string; message: string }[];
}

/** Local writes land in `<name>.<uuid>.tmp` first (local-storage.ts): one found here is an unfinished write. */
const TEMP_FILE = /\.[0-9a-f-]{36}\.tmp$/;
const FILES_AT_ONCE = 4;

function isSafe(key: string): boolean {
  try {
    assertSafeKey(key);
    return true;
  } catch {
    return false;
  }
}

/**
 * The keys of the files stored in a folder, sorted; `ignored` lists what is no stored file (an unfinished write, a
 * name the store never makes).
 */
export async function storedKeysIn(folder: string): Promise<{ keys: string[]; ignored: string[] }> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const found = entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(folder, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort();
  const keys: string[] = [];
  const ignored: string[] = [];
  for (const key of found) (isStoredKey(key) ? keys : ignored).push(key);
  return { keys, ignored };
}

export const isStoredKey = (key: string): boolean => isSafe(key) && !TEMP_FILE.test(key);

export async function copyFolderToStorage(
  folder: string,
  target: Storage,
  onFile: (key: string, outcome: 'copied' | 'skipped' | 'failed') => void = () => undefined,
): Promise<CopyReport> {
  const source = createLocalStorage(folder);
  const { keys: todo, ignored } = await storedKeysIn(folder);
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, ignored, failed: [] };

  const copyOne = async (key: string) => {
    try {
      const [local, there] = await Promise.all([source.stat(key), target.stat(key)]);
      if (!local) return; // deleted since the folder was listed
      if (there && there.size === local.size) {
        report.skipped += 1;
        onFile(key, 'skipped');
        return;
      }
      await target.put(key, source.read(key));
      report.copied += 1;
      report.copiedBytes += local.size;
      onFile(key, 'copied');
    } catch (error) {
      report.failed.push({ key, message: error instanceof Error ? error.message : String(error) });
      onFile(key, 'failed');
    }
  };

  let next = 0;
  await Promise.all(
    Array.from({ length: FILES_AT_ONCE }, async () => {
      while (next < todo.length) await copyOne(todo[next++]!);
    }),
  );
  return report;
}
