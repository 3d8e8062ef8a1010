/**
 * A 32-byte key for one purpose, derived from TOKEN_SECRET with HKDF-SHA256 (docs/security.md): each use of the
 * secret (download links, free-download links, known devices, sealed mail) has its own key, so nothing made for
 * one purpose passes for another.
 */
import { hkdfSync } from 'node:crypto';

export function derivedKey(tokenSecret: string, purpose: string): Buffer {
  return Buffer.from(hkdfSync('sha256', tokenSecret, 'beat-market', purpose, 32));
}
