/**
 * Signed download links: each names one user, one beat, one file type and the session that made it,
 * and expires within five minutes (or with that session). A link is its own credential, fetched without a
 * login (docs/decisions/0017-download-links-as-credentials.md), so it is single-purpose: HMAC-SHA256 with a
 * key derived from the token secret for links alone, so a link can never pass for a session token or a
 * preview grant, nor they for a link. Packed in binary so the link stays short: version (1) · user id (16) ·
 * beat id (16) · file type (1) · expiry in Unix seconds (4) · session id (16) · MAC (18).
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key.js';
import { fileTypes, type FileType } from '@beat/shared';
import { bytesToUuid, uuidToBytes } from '../../lib/uuid-bytes.js';

export const DOWNLOAD_LINK_TTL_MS = 5 * 60_000;

export interface LinkClaims {
  userId: string;
  beatId: string;
  fileType: FileType;
  expiresAt: Date;
  /** The session that made the link: the link ends with it (docs/product/entitlements.md#download-links). */
  sessionId: string;
}

export type LinkCheck = { ok: true; claims: LinkClaims } | { ok: false; reason: 'invalid' | 'expired' };

const VERSION = 2;
const PAYLOAD_BYTES = 54;
/** 144 bits: forging one is out of reach, and the link stays within Fastify's 100-character path parameter. */
const MAC_BYTES = 18;

export function createLinkSigner(tokenSecret: string) {
  const key = derivedKey(tokenSecret, 'download-links');
  const mac = (payload: Buffer) => createHmac('sha256', key).update(payload).digest().subarray(0, MAC_BYTES);

  return {
    sign(claims: LinkClaims): string {
      const payload = Buffer.alloc(PAYLOAD_BYTES);
      payload.writeUInt8(VERSION, 0);
      uuidToBytes(claims.userId).copy(payload, 1);
      uuidToBytes(claims.beatId).copy(payload, 17);
      payload.writeUInt8(fileTypes.indexOf(claims.fileType), 33);
      payload.writeUInt32BE(Math.floor(claims.expiresAt.getTime() / 1000), 34);
      uuidToBytes(claims.sessionId).copy(payload, 38);
      return Buffer.concat([payload, mac(payload)]).toString('base64url');
    },

    verify(token: string, now: Date): LinkCheck {
      if (!/^[\w-]+$/.test(token)) return { ok: false, reason: 'invalid' };
      const bytes = Buffer.from(token, 'base64url');
      if (bytes.length !== PAYLOAD_BYTES + MAC_BYTES) return { ok: false, reason: 'invalid' };
      const payload = bytes.subarray(0, PAYLOAD_BYTES);
      if (!timingSafeEqual(bytes.subarray(PAYLOAD_BYTES), mac(payload))) return { ok: false, reason: 'invalid' };
      const fileType = fileTypes[payload.readUInt8(33)];
      if (payload.readUInt8(0) !== VERSION || !fileType) return { ok: false, reason: 'invalid' };
      const expiresAt = new Date(payload.readUInt32BE(34) * 1000);
      if (expiresAt.getTime() <= now.getTime()) return { ok: false, reason: 'expired' };
      return {
        ok: true,
        claims: {
          userId: bytesToUuid(payload.subarray(1, 17)),
          beatId: bytesToUuid(payload.subarray(17, 33)),
          fileType,
          expiresAt,
          sessionId: bytesToUuid(payload.subarray(38, 54)),
        },
      };
    },
  };
}

export type LinkSigner = ReturnType<typeof createLinkSigner>;
