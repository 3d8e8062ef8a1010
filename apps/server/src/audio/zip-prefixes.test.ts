import { Zip, ZipDeflate, ZipPassThrough, zipSync, strToU8 } from 'fflate';
import { describe, expect, it } from 'vitest';
import { byteStream } from './test-support.js';
import { zipEntryPrefixes, ZipFormatError, type ZipEntryPrefix } from './zip-prefixes.js';

function pattern(length: number, seed: number): Uint8Array {
  return Uint8Array.from({ length }, (_, i) => (i * seed + (i >> 9)) & 0xff);
}

async function entries(zip: Uint8Array, wanted: (name: string) => boolean, maxBytes: number): Promise<ZipEntryPrefix[]> {
  const out: ZipEntryPrefix[] = [];
  for await (const entry of zipEntryPrefixes(byteStream(zip, 7919), wanted, maxBytes)) out.push(entry);
  return out;
}

/** A ZIP written the streaming way: sizes only after the data, in data descriptors. */
function streamingZip(files: Record<string, { data: Uint8Array; deflate: boolean }>): Uint8Array {
  const parts: Uint8Array[] = [];
  const zip = new Zip((error, chunk) => {
    if (error) throw error;
    parts.push(chunk);
  });
  for (const [name, { data, deflate }] of Object.entries(files)) {
    const file = deflate ? new ZipDeflate(name, { level: 1 }) : new ZipPassThrough(name);
    zip.add(file);
    file.push(data, true);
  }
  zip.end();
  return Buffer.concat(parts);
}

describe('zipEntryPrefixes', () => {
  const small = pattern(10_000, 3);
  const large = pattern(3_000_000, 5);

  it.each([
    [
      'stored and deflated entries with sizes up front',
      zipSync({ 'a.bin': [small, { level: 0 }], 'b.bin': [large, { level: 1 }], 'c.txt': strToU8('skip me') }),
    ],
    [
      'a streaming zip with data descriptors',
      streamingZip({
        'a.bin': { data: small, deflate: true },
        'b.bin': { data: large, deflate: true },
        'c.txt': { data: strToU8('skip me'), deflate: false },
      }),
    ],
  ])('hands back whole small entries and cut-off large ones: %s', async (_label, zip) => {
    const found = await entries(zip, (name) => name.endsWith('.bin'), 1_000_000);
    expect(found.map((e) => e.name)).toEqual(['a.bin', 'b.bin']);
    const [a, b] = found;
    expect(a).toMatchObject({ truncated: false, error: undefined });
    expect(Buffer.from(a!.data).equals(Buffer.from(small))).toBe(true);
    expect(b).toMatchObject({ truncated: true, error: undefined });
    expect(Buffer.from(b!.data).equals(Buffer.from(large.subarray(0, 1_000_000)))).toBe(true);
  });

  it('skips entries it was not asked for, even damaged ones, and reports damage in wanted ones', async () => {
    const zip = zipSync({ 'broken.bin': [pattern(50_000, 9), { level: 6 }], 'fine.bin': [small, { level: 6 }] });
    // Make the first entry's deflate stream invalid from its first byte (final block of the reserved type 11).
    const dataStart = 30 + 'broken.bin'.length;
    zip[dataStart] = 0x07;
    const onlyFine = await entries(zip, (name) => name === 'fine.bin', 1_000_000);
    expect(onlyFine).toHaveLength(1);
    expect(onlyFine[0]!.error).toBeUndefined();

    const both = await entries(zip, () => true, 1_000_000);
    expect(both[0]!.name).toBe('broken.bin');
    expect(both[0]!.error).toBeInstanceOf(Error);
    expect(both[1]!.error).toBeUndefined();
  });

  it('reports an archive cut short as a ZipFormatError', async () => {
    const zip = zipSync({ 'a.bin': [large, { level: 0 }] });
    await expect(entries(zip.subarray(0, 500_000), () => true, 100)).rejects.toBeInstanceOf(ZipFormatError);
  });

  it('hands back empty entries as empty', async () => {
    const found = await entries(zipSync({ 'empty.bin': new Uint8Array(0) }), () => true, 100);
    expect(found).toEqual([expect.objectContaining({ name: 'empty.bin', truncated: false, data: new Uint8Array(0) })]);
  });
});
