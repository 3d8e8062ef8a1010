/** Profile pictures arrive as data URLs; the bytes decide what they are (PNG or JPEG), never the name or the label. */
import { accountMessages, profileImageMaxBytes } from '@beat/shared';
import { badRequest } from '../../lib/errors.js';

export interface ProfileImage {
  bytes: Buffer;
  contentType: 'image/png' | 'image/jpeg';
  extension: 'png' | 'jpg';
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DATA_URL = /^data:image\/(png|jpeg|jpg);base64,([A-Za-z0-9+/]+={0,2})$/;

export function sniffImageType(bytes: Buffer): ProfileImage['contentType'] | null {
  // PNG: the 8-byte signature, then the IHDR chunk.
  if (bytes.length >= 24 && bytes.subarray(0, 8).equals(PNG_SIGNATURE) && bytes.toString('latin1', 12, 16) === 'IHDR') {
    return 'image/png';
  }
  // JPEG: start-of-image marker followed by another marker.
  if (bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  return null;
}

export function parseProfileImage(dataUrl: string): ProfileImage {
  const match = DATA_URL.exec(dataUrl.replace(/\s+/g, ''));
  if (!match) throw badRequest(accountMessages.invalidImage);
  const base64 = match[2]!;
  // Decoded size from the text length, before decoding anything big.
  if (Math.floor((base64.length * 3) / 4) > profileImageMaxBytes + 2) throw badRequest(imageTooLargeMessage);
  const bytes = Buffer.from(base64, 'base64');
  if (bytes.length > profileImageMaxBytes) throw badRequest(imageTooLargeMessage);
  const contentType = sniffImageType(bytes);
  if (!contentType) throw badRequest(accountMessages.invalidImage);
  return { bytes, contentType, extension: contentType === 'image/png' ? 'png' : 'jpg' };
}

export const imageTooLargeMessage = `The profile picture must be at most ${profileImageMaxBytes / (1024 * 1024)} MB.`;

export const imageKeyPattern = /^images\/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.(png|jpg)$/;
