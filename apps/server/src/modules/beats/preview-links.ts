/**
 * Links to a beat's preview. The public link carries the render (`v`), so a re-tag gives a new URL
 * that no cache has seen. An owner's link also carries a signed grant: a sold exclusive or a deleted
 * beat has no public preview, but its owner's dashboard still plays it. The grant names the session
 * that asked for the dashboard and ends with it (logout, password change or reset), or after 12 hours.
 */
import { createHmac, createSecretKey, timingSafeEqual, type KeyObject } from 'node:crypto';
import type { Deps } from '../../deps.js';
import type { BeatRow } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { isSessionActive } from '../auth/auth.service.js';

const GRANT_TTL_SECONDS = 12 * 3600;

export function previewLink(row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'previewKey'>): string | null {
  if (!row.previewKey) return null;
  return `/api/stream/${row.id}?v=${(row.previewRenderKey ?? 'x').slice(0, 12)}`;
}

export function waveformLink(row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'waveformKey'>): string | null {
  if (!row.waveformKey) return null;
  return `/api/beats/${row.id}/waveform?v=${(row.previewRenderKey ?? 'x').slice(0, 12)}`;
}

/** The token secret as a key object, made once: a buyer's list signs a grant for each of hundreds of beats. */
const signingKeys = new Map<string, KeyObject>();
function signingKey(secret: string): KeyObject {
  let key = signingKeys.get(secret);
  if (!key) signingKeys.set(secret, (key = createSecretKey(Buffer.from(secret))));
  return key;
}

const sign = (secret: string, beatId: string, sessionId: string, expires: number) =>
  createHmac('sha256', signingKey(secret)).update(`listen:${beatId}:${sessionId}:${expires}`).digest('base64url').slice(0, 32);

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The owner's link, for the session that lists the owner's beats (an admin's own session when an admin looks). */
export function ownerPreviewLink(
  secret: string,
  clock: Clock,
  row: Pick<BeatRow, 'id' | 'previewRenderKey' | 'previewKey'>,
  sessionId: string,
): string | null {
  const link = previewLink(row);
  if (!link) return null;
  const expires = Math.floor(clock.now().getTime() / 1000) + GRANT_TTL_SECONDS;
  return `${link}&grant=${expires}.${sessionId}.${sign(secret, row.id, sessionId, expires)}`;
}

/** The session a grant names when its signature is right for this beat and its 12 hours are not over; otherwise null. */
function grantSession(secret: string, clock: Clock, beatId: string, grant: string): string | null {
  const [expiresText, sessionId = '', signature = ''] = grant.split('.');
  const expires = Number(expiresText);
  if (!Number.isInteger(expires) || expires * 1000 < clock.now().getTime() || !uuidPattern.test(sessionId)) return null;
  const expected = Buffer.from(sign(secret, beatId, sessionId, expires));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected) ? sessionId : null;
}

export async function isValidListenGrant(deps: Deps, beatId: string, grant: string | undefined): Promise<boolean> {
  const sessionId = grant ? grantSession(deps.config.tokenSecret, deps.clock, beatId, grant) : null;
  return sessionId !== null && (await isSessionActive(deps, sessionId));
}
