/**
 * A large stems ZIP written straight to disk, as a producer's export would be: one stored (uncompressed) WAV stem
 * of noise, so its size is what was asked for. Returns the file's size and SHA-256, to compare a download with.
 */
import { createHash, randomFillSync } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import { crc32 } from 'node:zlib';

/** A 16-bit stereo 44.1 kHz RIFF/WAVE header for `dataBytes` of samples. */
function wavHeader(dataBytes: number): Buffer {
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + dataBytes, 4);
  header.write('WAVEfmt ', 8, 'latin1');
  header.writeUInt32LE(16, 16);
  header.writeUInt16LE(1, 20);
  header.writeUInt16LE(2, 22);
  header.writeUInt32LE(44100, 24);
  header.writeUInt32LE(44100 * 4, 28);
  header.writeUInt16LE(4, 32);
  header.writeUInt16LE(16, 34);
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(dataBytes, 40);
  return header;
}

/**
 * The fields a ZIP's local header and its central directory entry both give a stored file, from `at` (where the
 * version needed to extract stands): its checksum, its size (stored, so compressed and not alike) and its name's length.
 */
function writeStoredFileFields(header: Buffer, at: number, size: number, crc: number, nameLength: number): void {
  header.writeUInt16LE(20, at);
  header.writeUInt32LE(crc, at + 10);
  header.writeUInt32LE(size, at + 14);
  header.writeUInt32LE(size, at + 18);
  header.writeUInt16LE(nameLength, at + 22);
}

/**
 * The records of a ZIP holding one stored (uncompressed) file of `size` bytes with checksum `crc`: what goes before
 * the file's bytes (its local header and name) and after them (the central directory and its end).
 */
function storedZipRecords(fileName: string, size: number, crc: number): { before: Buffer[]; after: Buffer[] } {
  const name = Buffer.from(fileName);
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  writeStoredFileFields(local, 4, size, crc, name.length);
  const central = Buffer.alloc(46);
  central.writeUInt32LE(0x02014b50, 0);
  central.writeUInt16LE(20, 4);
  writeStoredFileFields(central, 6, size, crc, name.length);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(1, 8);
  end.writeUInt16LE(1, 10);
  end.writeUInt32LE(central.length + name.length, 12);
  end.writeUInt32LE(local.length + name.length + size, 16);
  return { before: [local, name], after: [central, name, end] };
}

/** A one-file ZIP (stored, no compression) in memory. */
export function storedZip(fileName: string, data: Buffer): Buffer {
  const { before, after } = storedZipRecords(fileName, data.length, crc32(data));
  return Buffer.concat([...before, data, ...after]);
}

export async function writeStemsZip(path: string, sampleBytes: number, stemName = 'stem-01.wav'): Promise<{ size: number; sha256: string }> {
  const samples = randomFillSync(Buffer.allocUnsafe(sampleBytes - (sampleBytes % 4)));
  const stem = [wavHeader(samples.length), samples];
  const stemSize = stem[0]!.length + samples.length;
  const crc = crc32(samples, crc32(stem[0]!));
  const { before, after } = storedZipRecords(stemName, stemSize, crc);

  const hash = createHash('sha256');
  const out = createWriteStream(path);
  let size = 0;
  for (const part of [...before, ...stem, ...after]) {
    hash.update(part);
    size += part.length;
    if (!out.write(part)) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
  return { size, sha256: hash.digest('hex') };
}
