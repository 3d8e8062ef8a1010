/** Owner-only permissions for what the server keeps on disk: folders 0700, files 0600 (docs/security.md#the-data-folder). */
import { chmodSync, lstatSync, mkdirSync, readdirSync, type Stats } from 'node:fs';
import path from 'node:path';

export const privateDirMode = 0o700;
export const privateFileMode = 0o600;

const isGone = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Creates the folder when missing, then gives it and everything under it owner-only permissions.
 * Returns how many entries it changed. Symbolic links are left as they are and not followed.
 */
export function makeTreePrivate(dir: string): number {
  mkdirSync(dir, { recursive: true, mode: privateDirMode });
  return makePrivate(dir);
}

function makePrivate(entry: string): number {
  let stats: Stats;
  try {
    stats = lstatSync(entry);
  } catch (error) {
    // Another process sharing the folder (with a PostgreSQL server) may have renamed a temp file away meanwhile.
    if (isGone(error)) return 0;
    throw error;
  }
  if (stats.isFile()) return setMode(entry, stats, privateFileMode);
  if (!stats.isDirectory()) return 0;
  let changed = setMode(entry, stats, privateDirMode);
  let names: string[];
  try {
    names = readdirSync(entry);
  } catch (error) {
    if (isGone(error)) return changed;
    throw error;
  }
  for (const name of names) changed += makePrivate(path.join(entry, name));
  return changed;
}

function setMode(entry: string, stats: Stats, mode: number): number {
  if ((stats.mode & 0o7777) === mode) return 0;
  try {
    chmodSync(entry, mode);
  } catch (error) {
    if (isGone(error)) return 0;
    throw error;
  }
  return 1;
}
