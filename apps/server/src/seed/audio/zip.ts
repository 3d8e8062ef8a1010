/** Packs the stem WAVs into a ZIP with fflate (stored, no compression: PCM barely compresses). */
import { zipSync } from 'fflate';

/** Fixed timestamp so the same stems always produce byte-identical archives. */
const ARCHIVE_DATE = new Date(2024, 0, 1, 12, 0, 0);

export function zipFiles(files: Record<string, Uint8Array>): Buffer {
  const entries: Record<string, [Uint8Array, { level: 0; mtime: Date }]> = {};
  for (const [name, data] of Object.entries(files)) entries[name] = [data, { level: 0, mtime: ARCHIVE_DATE }];
  const archive = zipSync(entries);
  return Buffer.from(archive.buffer, archive.byteOffset, archive.byteLength);
}
