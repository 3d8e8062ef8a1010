import { lstatSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createLocalStorage } from './local-storage.js';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Every entry under root (root included) with its permission bits. */
function modesUnder(root: string): Record<string, number> {
  const modeOf = (entry: string) => lstatSync(entry).mode & 0o7777;
  const found: Record<string, number> = { '.': modeOf(root) };
  for (const name of readdirSync(root, { recursive: true }) as string[]) found[name] = modeOf(path.join(root, name));
  return found;
}

describe('the local storage', () => {
  it('writes private folders and files whatever the process umask', async () => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'beat-storage-'));
    const root = path.join(dir, 'files');
    const storage = createLocalStorage(root);
    const umask = process.umask(0);
    try {
      await storage.put('audio/beat-1/beat.mp3', Buffer.from('mp3'));
      await storage.put('images/a.png', Buffer.from('png'));
    } finally {
      process.umask(umask);
    }
    expect(modesUnder(root)).toEqual({
      '.': 0o700,
      audio: 0o700,
      'audio/beat-1': 0o700,
      'audio/beat-1/beat.mp3': 0o600,
      images: 0o700,
      'images/a.png': 0o600,
    });
  });
});
