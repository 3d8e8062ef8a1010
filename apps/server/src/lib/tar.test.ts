/** The tar writer and reader of backup files: what GNU tar reads and writes, and every way a damaged archive is refused. */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarEntry, tarHeader, TarFormatError } from './tar.js';

let work: string;
beforeAll(async () => {
  work = await mkdtemp(path.join(os.tmpdir(), 'beat-tar-'));
});
afterAll(async () => {
  await rm(work, { recursive: true, force: true });
});

const longName = `files/audio/uploads/${'a'.repeat(90)}/${'b'.repeat(60)}.mp3`;
const content = { small: Buffer.from('hello'), block: randomBytes(512), odd: randomBytes(70_001), long: randomBytes(1000) };

async function archive(): Promise<Buffer> {
  const parts: Buffer[] = [];
  const entries = async function* () {
    yield* tarEntry({ name: 'folder', type: 'directory', size: 0 });
    yield* tarEntry({ name: 'folder/small.txt', type: 'file', size: content.small.length }, content.small);
    yield* tarEntry({ name: 'block.bin', type: 'file', size: 512 }, content.block);
    // A body in several chunks.
    yield* tarEntry({ name: 'odd.bin', type: 'file', size: content.odd.length }, (async function* () {
      for (let i = 0; i < content.odd.length; i += 4096) yield content.odd.subarray(i, i + 4096);
    })());
    yield* tarEntry({ name: longName, type: 'file', size: content.long.length }, content.long);
    yield tarEnd();
  };
  for await (const block of entries()) parts.push(block);
  return Buffer.concat(parts);
}

/** Reads every entry, in chunks of `chunk` bytes, as a file stream would hand them over. */
async function entries(bytes: Buffer, chunk = 1000): Promise<{ name: string; type: string; size: number; body: Buffer }[]> {
  const found = [];
  const source = (async function* () {
    for (let i = 0; i < bytes.length; i += chunk) yield bytes.subarray(i, i + chunk);
  })();
  for await (const entry of readTar(source)) {
    const parts: Buffer[] = [];
    for await (const piece of entry.body) parts.push(piece);
    found.push({ name: entry.name, type: entry.type, size: entry.size, body: Buffer.concat(parts) });
  }
  return found;
}

describe('tar archives', () => {
  it('read back what was written, whatever the chunks, and long names through the ustar prefix', async () => {
    const bytes = await archive();
    expect(bytes.length % 512).toBe(0);
    for (const chunk of [7, 511, 4096, bytes.length]) {
      const read = await entries(bytes, chunk);
      expect(read.map((e) => [e.name, e.type, e.size])).toEqual([
        ['folder', 'directory', 0],
        ['folder/small.txt', 'file', 5],
        ['block.bin', 'file', 512],
        ['odd.bin', 'file', 70_001],
        [longName, 'file', 1000],
      ]);
      expect(read[3]!.body.equals(content.odd)).toBe(true);
      expect(read[4]!.body.equals(content.long)).toBe(true);
    }
  });

  it('are read by GNU tar, and read what GNU tar writes in the ustar format', async () => {
    const file = path.join(work, 'ours.tar');
    await writeFile(file, await archive());
    const listed = execFileSync('tar', ['-tf', file], { encoding: 'utf8' }).trim().split('\n');
    expect(listed).toEqual(['folder/', 'folder/small.txt', 'block.bin', 'odd.bin', longName]);
    const out = path.join(work, 'out');
    await mkdir(out);
    execFileSync('tar', ['-xf', file, '-C', out]);
    expect((await readFile(path.join(out, longName))).equals(content.long)).toBe(true);

    const theirs = path.join(work, 'theirs.tar');
    execFileSync('tar', ['--format=ustar', '-cf', theirs, '-C', out, 'folder', 'odd.bin']);
    const read = await entries(await readFile(theirs), 10_240);
    expect(read.map((e) => [e.name, e.type])).toEqual([
      ['folder', 'directory'],
      ['folder/small.txt', 'file'],
      ['odd.bin', 'file'],
    ]);
    expect(read[2]!.body.equals(content.odd)).toBe(true);
  });

  it('write a size beyond 8 GiB in the base-256 form', async () => {
    const size = 2 ** 33 + 5;
    const source = (async function* () {
      yield tarHeader({ name: 'huge.bin', type: 'file', size });
    })();
    for await (const entry of readTar(source)) {
      expect(entry.size).toBe(size);
      break;
    }
  });

  it('refuse a damaged header, an archive cut short, data after its end and other kinds of entry', async () => {
    const bytes = await archive();
    const damaged = Buffer.from(bytes);
    damaged[522] = damaged[522]! ^ 0x01; // a letter of the second header's name
    await expect(entries(damaged)).rejects.toThrow(new TarFormatError('a tar header is damaged (its checksum does not match)'));
    await expect(entries(bytes.subarray(0, 2048))).rejects.toThrow(/^the archive ends early/);
    await expect(entries(bytes.subarray(0, bytes.length - 1024))).rejects.toThrow('the archive ends early (no end-of-archive blocks)');
    await expect(entries(Buffer.concat([bytes, Buffer.from('more')]))).rejects.toThrow('there is data after the end of the archive');

    const link = tarHeader({ name: 'link', type: 'file', size: 0 });
    link[156] = 0x32; // '2', a symbolic link
    link.fill(0x20, 148, 156);
    let sum = 0;
    for (const byte of link) sum += byte;
    link.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148, 'latin1');
    await expect(entries(Buffer.concat([link, tarEnd()]))).rejects.toThrow('link is neither a file nor a folder (tar type "2")');
  });

  it('stop writing an entry whose body is not the size its header gave', async () => {
    const write = async (body: Buffer) => {
      for await (const _ of tarEntry({ name: 'changed.bin', type: 'file', size: 10 }, body)) void _;
    };
    await expect(write(Buffer.alloc(9))).rejects.toThrow('changed.bin changed while it was read: 10 bytes were expected, 9 came');
    await expect(write(Buffer.alloc(11))).rejects.toThrow('changed.bin changed while it was read: 10 bytes were expected, 11 came');
  });
});
