/**
 * The two links a free-download e-mail carries (docs/product/free-downloads.md#links), each its own credential:
 * - the download link names one lead and its beat and expires 24 hours after the request: version (1) · lead id (16) ·
 *   beat id (16) · expiry in Unix seconds (4) · MAC (18);
 * - the unsubscribe link names one lead (its address is what unsubscribes) and never expires: version (1) · lead id (16) · MAC (18).
 * Each kind has its own HKDF-derived key, so neither passes for the other, for a session token or for a buyer's download link.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key.js';
import { bytesToUuid, uuidToBytes } from '../../lib/uuid-bytes.js';

export const FREE_DOWNLOAD_LINK_TTL_MS = 24 * 60 * 60_000;

const VERSION = 1;
const MAC_BYTES = 18;
const DOWNLOAD_PAYLOAD = 37;
const UNSUBSCRIBE_PAYLOAD = 17;

export interface FreeLinkClaims {
  leadId: string;
  beatId: string;
  expiresAt: Date;
}

export type FreeLinkCheck = { ok: true; claims: FreeLinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

function macOf(secret: string, purpose: string) {
  const key = derivedKey(secret, purpose);
  return (payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);
}

/** The payload of a well-formed token whose MAC is right, or null. */
function opened(token: string, payloadBytes: number, mac: (payload: Buffer) => Buffer): Buffer | null {
  if (!/^[\w-]+$/.test(token)) return null;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== payloadBytes + MAC_BYTES) return null;
  const payload = bytes.subarray(0, payloadBytes);
  if (!timingSafeEqual(bytes.subarray(payloadBytes), mac(payload))) return null;
  return payload.readUInt8(0) === VERSION ? payload : null;
}

export function createFreeLinkSigner(tokenSecret: string) {
  const downloadMac = macOf(tokenSecret, 'free-download-links');
  const unsubscribeMac = macOf(tokenSecret, 'unsubscribe-links');

  return {
    signDownload(claims: FreeLinkClaims): string {
      const payload = Buffer.alloc(DOWNLOAD_PAYLOAD);
      payload.writeUInt8(VERSION, 0);
      uuidToBytes(claims.leadId).copy(payload, 1);
      uuidToBytes(claims.beatId).copy(payload, 17);
      payload.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 33);
      return Buffer.concat([payload, downloadMac(payload)]).toString('base64url');
    },

    verifyDownload(token: string, now: Date): FreeLinkCheck {
      const payload = opened(token, DOWNLOAD_PAYLOAD, downloadMac);
      if (!payload) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(payload.readUInt32BE(33) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      return { ok: true, claims: { leadId: bytesToUuid(payload.subarray(1, 17)), beatId: bytesToUuid(payload.subarray(17, 33)), expiresAt } };
    },

    signUnsubscribe(leadId: string): string {
      const payload = Buffer.alloc(UNSUBSCRIBE_PAYLOAD);
      payload.writeUInt8(VERSION, 0);
      uuidToBytes(leadId).copy(payload, 1);
      return Buffer.concat([payload, unsubscribeMac(payload)]).toString('base64url');
    },

    /** The lead an unsubscribe link names, or null when it is not one of ours. */
    verifyUnsubscribe(token: string): string | null {
      const payload = opened(token, UNSUBSCRIBE_PAYLOAD, unsubscribeMac);
      return payload ? bytesToUuid(payload.subarray(1, 17)) : null;
    },
  };
}

export type FreeLinkSigner = ReturnType<typeof createFreeLinkSigner>;
