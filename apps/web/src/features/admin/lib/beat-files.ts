/**
 * Early checks of a chosen beat file, before any byte is sent: its size and its first bytes (an MP3 frame
 * or ID3 tag, RIFF/WAVE, a ZIP header). The server checks the same on the whole file; this only spares a
 * long upload that would be refused.
 */
import { beatFileRules, type BeatFileKind } from '@beat/shared';

const sizeText = (bytes: number) => `${Math.round(bytes / (1024 * 1024))} MB`;

function looksLike(kind: BeatFileKind, head: Uint8Array): boolean {
  const text = (from: number, to: number) => String.fromCharCode(...head.subarray(from, to));
  if (kind === 'mp3') return text(0, 3) === 'ID3' || (head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0);
  if (kind === 'wav') return text(0, 4) === 'RIFF' && text(8, 12) === 'WAVE';
  return text(0, 4) === 'PK\x03\x04';
}

const notThisKind: Record<BeatFileKind, string> = {
  mp3: 'This file is not an MP3.',
  wav: 'This file is not a WAV.',
  stems: 'The stems file must be a ZIP archive.',
};

/** A sentence saying what is wrong with the file, or null when it may be uploaded. */
export async function checkBeatFile(kind: BeatFileKind, file: File): Promise<string | null> {
  const rule = beatFileRules[kind];
  if (file.size === 0) return `The ${rule.label} file is empty.`;
  if (file.size > rule.maxBytes) return `The ${rule.label} file is larger than ${sizeText(rule.maxBytes)}.`;
  const head = new Uint8Array(await file.slice(0, 12).arrayBuffer());
  return looksLike(kind, head) ? null : notThisKind[kind];
}
