/**
 * Links to a beat's preview. The public link carries the render (`v`), so a re-tag gives a new URL
 * that no cache has seen. An owner's link also carries a signed grant: a sold exclusive or a deleted
 * beat has no public preview, but its owner's dashboard still plays it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { BeatRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';

const GRANT_TTL_SECONDS = 12 * 3600;

export function previewLink(row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'previewKey'>): string | null {
  if (!row.previewKey) return null;
  return `/api/stream/${row.id}?v=${(row.previewRenderKey ?? 'x').slice(0, 12)}`;
}

export function waveformLink(row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'waveformKey'>): string | null {
  if (!row.waveformKey) return null;
  return `/api/beats/${row.id}/waveform?v=${(row.previewRenderKey ?? 'x').slice(0, 12)}`;
}

const sign = (secret: string, beatId: string, expires: number) =>
  createHmac('sha256', secret).update(`listen:${beatId}:${expires}`).digest('base64url').slice(0, 32);

export function ownerPreviewLink(secret: string, clock: Clock, row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'previewKey'>): string | null {
  const link = previewLink(row);
  if (!link) return null;
  const expires = Math.floor(clock.now().getTime() / 1000) + GRANT_TTL_SECONDS;
  return `${link}&grant=${expires}.${sign(secret, row.id, expires)}`;
}

export function isValidListenGrant(secret: string, clock: Clock, beatId: string, grant: string | undefined): boolean {
  if (!grant) return false;
  const [expiresText, signature = ''] = grant.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 < clock.now().getTime()) return false;
  const expected = Buffer.from(sign(secret, beatId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}
