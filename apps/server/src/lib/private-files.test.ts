import { chmodSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { makeTreePrivate } from './private-files.js';

const made: string[] = [];
const tempDir = () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'beat-private-'));
  made.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const modeOf = (entry: string) => lstatSync(entry).mode & 0o7777;

/** Every entry under dir (dir included) with its permission bits, symbolic links left out. */
function modesUnder(dir: string): Record<string, number> {
  const found: Record<string, number> = { '.': modeOf(dir) };
  for (const name of readdirSync(dir, { recursive: true }) as string[]) {
    const entry = path.join(dir, name);
    if (!lstatSync(entry).isSymbolicLink()) found[name] = modeOf(entry);
  }
  return found;
}

describe('makeTreePrivate', () => {
  it('gives folders 0700 and files 0600 all the way down, counts what it changed, and leaves symbolic links alone', () => {
    const dir = tempDir();
    mkdirSync(path.join(dir, 'db/base/1'), { recursive: true });
    mkdirSync(path.join(dir, 'files/images'), { recursive: true });
    writeFileSync(path.join(dir, 'db/base/1/1259'), 'rows');
    writeFileSync(path.join(dir, 'files/images/a.png'), 'png');
    writeFileSync(path.join(dir, '.token-secret'), 'secret');
    const outside = path.join(tempDir(), 'elsewhere.txt');
    writeFileSync(outside, 'not ours');
    chmodSync(outside, 0o644);
    symlinkSync(outside, path.join(dir, 'files/link'));
    for (const name of ['.', 'db', 'db/base', 'db/base/1', 'files', 'files/images']) chmodSync(path.join(dir, name), 0o777);
    for (const name of ['db/base/1/1259', 'files/images/a.png', '.token-secret']) chmodSync(path.join(dir, name), 0o666);
    chmodSync(path.join(dir, 'db/base/1/1259'), 0o600); // already private: not counted

    expect(makeTreePrivate(dir)).toBe(8);
    expect(modesUnder(dir)).toEqual({
      '.': 0o700,
      db: 0o700,
      'db/base': 0o700,
      'db/base/1': 0o700,
      'db/base/1/1259': 0o600,
      files: 0o700,
      'files/images': 0o700,
      'files/images/a.png': 0o600,
      '.token-secret': 0o600,
    });
    expect(modeOf(outside)).toBe(0o644);
    expect(makeTreePrivate(dir)).toBe(0);
  });

  it('makes a missing folder, private', () => {
    const dir = path.join(tempDir(), 'data/nested');
    expect(makeTreePrivate(dir)).toBe(0);
    expect(modeOf(dir)).toBe(0o700);
  });
});
