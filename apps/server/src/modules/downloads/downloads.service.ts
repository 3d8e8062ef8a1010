/** Download links and file delivery: checks the entitlement, signs a short-lived link, records each download. */
import type { FileType } from '@beat/shared';
import type { Config } from '../../config/env.js';
import type { Deps } from '../../deps.js';
import { downloads, type BeatRow, type UserRow } from '../../db/schema.js';
import { forbidden, notFound, type AppError } from '../../lib/errors.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { isSessionActive, type Caller } from '../auth/auth.service.js';
import { getBeat } from '../beats/beats.service.js';
import { rightsFor } from '../entitlements/entitlements.service.js';
import { findUserById } from '../users/users.service.js';
import { createLinkSigner, DOWNLOAD_LINK_TTL_MS, type LinkSigner } from './download-links.js';

export const downloadLimits = {
  linksPerUser: { name: 'download requests', max: 120, windowMs: 60_000, scales: true },
} satisfies Record<string, LimitRule>;

const signers = new WeakMap<Config, LinkSigner>();
function signerFor(config: Config): LinkSigner {
  let signer = signers.get(config);
  if (!signer) {
    signer = createLinkSigner(config.tokenSecret);
    signers.set(config, signer);
  }
  return signer;
}

export const fileFormats: Record<FileType, { label: string; contentType: string; extension: string }> = {
  mp3: { label: 'MP3', contentType: 'audio/mpeg', extension: 'mp3' },
  wav: { label: 'WAV', contentType: 'audio/wav', extension: 'wav' },
  stems: { label: 'stems', contentType: 'application/zip', extension: 'zip' },
};

export function storageKeyOf(beat: BeatRow, fileType: FileType): string | null {
  if (fileType === 'mp3') return beat.mp3Key;
  if (fileType === 'wav') return beat.wavKey;
  return beat.stemsKey;
}

/** The beat's title as a file name: characters that file systems refuse become spaces. */
export function downloadFileName(beat: Pick<BeatRow, 'title'>, fileType: FileType): string {
  // eslint-disable-next-line no-control-regex
  const base = beat.title.replace(/[\u0000-\u001f\u007f/\\:*?"<>|]+/g, ' ').replace(/\s+/g, ' ').trim().slice(0, 120) || 'beat';
  return `${base}.${fileFormats[fileType].extension}`;
}

function missingFile(fileType: FileType): AppError {
  return fileType === 'stems'
    ? notFound('Stems are not available for this beat, sorry')
    : notFound(`This beat has no ${fileFormats[fileType].label} file.`);
}

/** Throws unless `user` may download this file of `beat` now. */
async function assertMayDownload(deps: Deps, user: UserRow, beat: BeatRow, fileType: FileType): Promise<void> {
  if (storageKeyOf(beat, fileType) === null) throw missingFile(fileType);
  const rights = await rightsFor(deps, user, beat);
  if (!rights[fileType]) {
    throw forbidden(`You have not unlocked the ${fileFormats[fileType].label} of this beat. Unlock or buy it to download.`);
  }
}

export interface IssuedLink {
  url: string;
  expiresAt: Date;
  fileName: string;
}

/** A link for the caller's own account, bound to the caller's session (docs/product/entitlements.md#download-links). */
export async function createDownloadLink(deps: Deps, caller: Caller, beatId: string, fileType: FileType): Promise<IssuedLink> {
  const { user, sessionId } = caller;
  await deps.limiter.hit(downloadLimits.linksPerUser, user.id);
  const beat = await getBeat(deps, beatId);
  await assertMayDownload(deps, user, beat, fileType);
  const expiresAt = new Date(Math.floor((deps.clock.now().getTime() + DOWNLOAD_LINK_TTL_MS) / 1000) * 1000);
  const token = signerFor(deps.config).sign({ userId: user.id, beatId: beat.id, fileType, expiresAt, sessionId });
  return { url: `/api/download/${token}`, expiresAt, fileName: downloadFileName(beat, fileType) };
}

export interface ResolvedDownload {
  /** The account the link was made for. */
  userId: string;
  beat: BeatRow;
  fileType: FileType;
  key: string;
  fileName: string;
  contentType: string;
  /** When the link stops working: nothing handed out for it may outlive this (docs/storage.md#downloads-and-previews). */
  expiresAt: Date;
}

export const downloadLinkMessages = {
  expired: 'This download link has expired. Please start the download again.',
  invalid: 'This download link is not valid.',
  sessionEnded: 'This download link ended with the session that made it. Please start the download again.',
} as const;

/**
 * The file a signed link names. The link is the credential (docs/product/entitlements.md#download-links): no login
 * header is needed, so a browser can save it with a plain navigation. Refuses expired and altered links, links
 * whose session has ended (logout, password change or reset), and files their account may no longer download.
 */
export async function resolveDownloadLink(deps: Deps, token: string): Promise<ResolvedDownload> {
  const check = signerFor(deps.config).verify(token, deps.clock.now());
  if (!check.ok) {
    throw forbidden(check.reason === 'expired' ? downloadLinkMessages.expired : downloadLinkMessages.invalid);
  }
  const { claims } = check;
  if (!(await isSessionActive(deps, claims.sessionId, claims.userId))) throw forbidden(downloadLinkMessages.sessionEnded);
  const user = await findUserById(deps.db, claims.userId);
  if (!user) throw forbidden(downloadLinkMessages.sessionEnded);
  const beat = await getBeat(deps, claims.beatId);
  // Checked again at delivery: a refund or a change since the link was made counts.
  await assertMayDownload(deps, user, beat, claims.fileType);
  return {
    userId: user.id,
    beat,
    fileType: claims.fileType,
    key: storageKeyOf(beat, claims.fileType)!,
    fileName: downloadFileName(beat, claims.fileType),
    contentType: fileFormats[claims.fileType].contentType,
    expiresAt: claims.expiresAt,
  };
}

export async function recordDownload(deps: Deps, userId: string, beatId: string, fileType: FileType): Promise<void> {
  await deps.db.insert(downloads).values({ userId, beatId, fileType, createdAt: deps.clock.now() });
}
