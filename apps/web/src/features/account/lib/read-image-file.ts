/**
 * A chosen profile picture, checked the way the server checks it: by its first bytes (PNG or JPEG), not by its
 * name, and by size. Returns a data URL for /api/updateinfo, or the message to show.
 */
import { accountMessages, profileImageMaxBytes } from '@beat/shared';

export type ImageFileResult = { ok: true; dataUrl: string } | { ok: false; message: string };

export const imageTooLargeMessage = `The profile picture must be at most ${profileImageMaxBytes / (1024 * 1024)} MB.`;

function looksLikeImage(bytes: Uint8Array): 'image/png' | 'image/jpeg' | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (bytes.length >= 8 && png.every((b, i) => bytes[i] === b)) return 'image/png';
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

function toBase64(bytes: Uint8Array): string {
  let binary = '';
  const chunk = 0x8000;
  for (let i = 0; i < bytes.length; i += chunk) binary += String.fromCharCode(...bytes.subarray(i, i + chunk));
  return btoa(binary);
}

export async function readImageFile(file: File): Promise<ImageFileResult> {
  if (!/\.(png|jpe?g)$/i.test(file.name) && !/^image\/(png|jpe?g)$/.test(file.type)) {
    return { ok: false, message: accountMessages.invalidImage };
  }
  if (file.size > profileImageMaxBytes) return { ok: false, message: imageTooLargeMessage };
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = looksLikeImage(bytes);
  if (!type) return { ok: false, message: accountMessages.invalidImage };
  return { ok: true, dataUrl: `data:${type};base64,${toBase64(bytes)}` };
}
