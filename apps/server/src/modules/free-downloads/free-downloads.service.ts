/**
 * Free downloads for an e-mail address (docs/product/free-downloads.md): a request stores a lead and queues one e-mail
 * with a 24-hour link to the beat's tagged MP3 (never a sold file); following it confirms the mailing-list consent
 * the request gave (double opt-in); an unsubscribed address is never mailed again.
 */
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { Lead, LeadState } from '@beat/shared';
import type { Config } from '../../config/env.js';
import type { Deps } from '../../deps.js';
import { beats, freeDownloadLeads, type BeatRow, type FreeDownloadLeadRow } from '../../db/schema.js';
import { badRequest, conflict, forbidden, notFound, tooManyRequests } from '../../lib/errors.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { olderThan } from '../../lib/newest-first-page.js';
import type { LimitRule } from '../../lib/rate-limiter.js';
import { productUrl, renderEmail } from '../../adapters/mail/templates.js';
import { csvCell } from '../admin/analytics.service.js';
import { downloadFileName } from '../downloads/downloads.service.js';
import { isListed } from '../beats/listing.js';
import { createFreeLinkSigner, FREE_DOWNLOAD_LINK_TTL_MS, type FreeLinkSigner } from './free-download-links.js';

/** docs/product/free-downloads.md#limits; both scale with RATE_LIMIT_SCALE. The once-a-day rule is the table's and does not. */
export const freeDownloadLimits = {
  perAddress: { name: 'free download requests from this address', max: 20, windowMs: 60 * 60_000, scales: true },
  perEmail: { name: 'free download requests for this e-mail address', max: 5, windowMs: 60 * 60_000, scales: true },
} satisfies Record<string, LimitRule>;

/** One request per address and beat within this long. */
export const SAME_BEAT_WINDOW_MS = 24 * 60 * 60_000;

export const freeDownloadMessages = {
  notFree: 'This beat is not offered as a free download.',
  unavailable: 'This beat is not available.',
  unsubscribed:
    'This e-mail address has unsubscribed from Beat Market e-mails, so we send it nothing, not even a download link. ' +
    'Use another address to get the free download.',
  linkInvalid: 'This download link is not valid.',
  linkExpired: 'This download link has expired: links last 24 hours. Ask for the free download again on the beat’s page.',
  fileGone: 'This beat is no longer available.',
  unsubscribeInvalid: 'This unsubscribe link is not valid.',
} as const;

/** The readable response to a request that was queued. */
export function sentMessage(email: string): string {
  return `Check your inbox: we sent a download link to ${email}. It works for 24 hours.`;
}

const signers = new WeakMap<Config, FreeLinkSigner>();
function signerFor(config: Config): FreeLinkSigner {
  let signer = signers.get(config);
  if (!signer) {
    signer = createFreeLinkSigner(config.tokenSecret);
    signers.set(config, signer);
  }
  return signer;
}

/** The links a lead's e-mail carries, as paths (tests and the e-mail make them absolute). */
export function leadLinks(deps: Pick<Deps, 'config'>, lead: Pick<FreeDownloadLeadRow, 'id' | 'beatId' | 'createdAt'>) {
  const signer = signerFor(deps.config);
  const expiresAt = new Date(Math.floor((lead.createdAt.getTime() + FREE_DOWNLOAD_LINK_TTL_MS) / 1000) * 1000);
  return {
    download: `/api/free-downloads/${signer.signDownload({ leadId: lead.id, beatId: lead.beatId, expiresAt })}`,
    unsubscribe: `/api/unsubscribe/${signer.signUnsubscribe(lead.id)}`,
    expiresAt,
  };
}

function retryIn(ms: number): string {
  const hours = Math.ceil(ms / 3_600_000);
  return hours > 1 ? `${hours} hours` : `${Math.max(1, Math.ceil(ms / 60_000))} minutes`;
}

export interface FreeDownloadRequest {
  beatId: string;
  email: string;
  consent: boolean;
  /** The client's address, for the per-address limit. */
  address: string;
}

/**
 * Stores the lead and queues its e-mail. Refuses a beat that is not listed or not free, an unsubscribed address, and a
 * second request for the same beat and address within 24 hours (429). On any failure nothing is kept.
 */
export async function requestFreeDownload(deps: Deps, input: FreeDownloadRequest): Promise<{ message: string; lead: FreeDownloadLeadRow }> {
  await deps.limiter.hit(freeDownloadLimits.perAddress, input.address);
  await deps.limiter.hit(freeDownloadLimits.perEmail, input.email);
  const [beat] = await deps.db.select().from(beats).where(and(eq(beats.id, input.beatId), isListed)).limit(1);
  if (!beat) throw notFound(freeDownloadMessages.unavailable);
  if (!beat.freeDownload) throw badRequest(freeDownloadMessages.notFree);

  const now = deps.clock.now();
  const lead = await deps.db.transaction(async (tx) => {
    // Two requests for one address at once take turns, so the once-a-day check cannot let both through.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`free-download:${input.email}`}))`);
    const [unsubscribed] = await tx
      .select({ id: freeDownloadLeads.id })
      .from(freeDownloadLeads)
      .where(and(eq(freeDownloadLeads.email, input.email), isNotNull(freeDownloadLeads.unsubscribedAt)))
      .limit(1);
    if (unsubscribed) throw conflict(freeDownloadMessages.unsubscribed);
    const [recent] = await tx
      .select({ createdAt: freeDownloadLeads.createdAt })
      .from(freeDownloadLeads)
      .where(
        and(
          eq(freeDownloadLeads.email, input.email),
          eq(freeDownloadLeads.beatId, beat.id),
          gt(freeDownloadLeads.createdAt, new Date(now.getTime() - SAME_BEAT_WINDOW_MS)),
        ),
      )
      .orderBy(desc(freeDownloadLeads.createdAt))
      .limit(1);
    if (recent) {
      const waitMs = recent.createdAt.getTime() + SAME_BEAT_WINDOW_MS - now.getTime();
      throw tooManyRequests(
        `This address already asked for this beat today: check your inbox (and the spam folder) for the link, or ask again in ${retryIn(waitMs)}.`,
        waitMs / 1000,
      );
    }
    const [row] = await tx
      .insert(freeDownloadLeads)
      .values({ email: input.email, beatId: beat.id, consent: input.consent, createdAt: now })
      .returning();
    // The lead and its e-mail commit together: without the mail there is no lead, so the address may ask again at once.
    await deps.mailer.send({ to: row!.email, ...renderEmail(freeDownloadEmail(deps, beat, row!)) }, tx);
    return row!;
  });
  return { message: sentMessage(lead.email), lead };
}

function freeDownloadEmail(deps: Deps, beat: BeatRow, lead: FreeDownloadLeadRow) {
  const links = leadLinks(deps, lead);
  const paragraphs = [
    `Here is “${beat.title}” by ${beat.artistName}: the tagged MP3, yours to listen to and to write on.`,
    'The link works for 24 hours.',
  ];
  if (lead.consent) {
    paragraphs.push(
      'You asked for news and new beats from Beat Market: following the link also confirms that. Until you follow it, we send you nothing else.',
    );
  }
  return {
    subject: `Your free download: ${beat.title}`,
    heading: 'Your free download',
    paragraphs,
    action: { label: 'Download the MP3', url: productUrl(deps.config, links.download) },
    footnote: 'If you did not ask for this, ignore this e-mail: nothing else will be sent to you.',
    unsubscribeUrl: productUrl(deps.config, links.unsubscribe),
  };
}

export interface ResolvedFreeDownload {
  key: string;
  fileName: string;
  /** When the link stops working: nothing handed out for it may outlive this (docs/storage.md#downloads-and-previews). */
  expiresAt: Date;
}

/**
 * The tagged MP3 a download link names. A GET confirms the lead's consent (the double opt-in), unless the address has
 * unsubscribed since; `confirm` is false for a HEAD, which a mail scanner may send without a person behind it.
 */
export async function resolveFreeDownload(deps: Deps, token: string, confirm: boolean): Promise<ResolvedFreeDownload> {
  const check = signerFor(deps.config).verifyDownload(token, deps.clock.now());
  if (!check.ok) throw forbidden(check.reason === 'expired' ? freeDownloadMessages.linkExpired : freeDownloadMessages.linkInvalid);
  const { leadId, beatId } = check.claims;
  const [found] = await deps.db
    .select({ lead: freeDownloadLeads, beat: beats })
    .from(freeDownloadLeads)
    .innerJoin(beats, eq(beats.id, freeDownloadLeads.beatId))
    .where(and(eq(freeDownloadLeads.id, leadId), eq(freeDownloadLeads.beatId, beatId)))
    .limit(1);
  if (!found) throw forbidden(freeDownloadMessages.linkInvalid);
  const { lead, beat } = found;
  // Only ever the tagged preview: a free download is never a sold file.
  if (beat.deletedAt || !beat.previewKey) throw notFound(freeDownloadMessages.fileGone);
  if (confirm && lead.consent && !lead.confirmedAt && !lead.unsubscribedAt) {
    await deps.db
      .update(freeDownloadLeads)
      .set({ confirmedAt: deps.clock.now() })
      .where(and(eq(freeDownloadLeads.id, lead.id), isNull(freeDownloadLeads.confirmedAt)));
  }
  const name = downloadFileName(beat, 'mp3').replace(/\.mp3$/, ' (tagged).mp3');
  return { key: beat.previewKey, fileName: name, expiresAt: check.claims.expiresAt };
}

/** The address an unsubscribe link names, or a 403 for a link that is not one of ours. */
export async function unsubscribeLeadOf(deps: Deps, token: string): Promise<FreeDownloadLeadRow> {
  const leadId = signerFor(deps.config).verifyUnsubscribe(token);
  const [lead] = leadId ? await deps.db.select().from(freeDownloadLeads).where(eq(freeDownloadLeads.id, leadId)).limit(1) : [];
  if (!lead) throw forbidden(freeDownloadMessages.unsubscribeInvalid);
  return lead;
}

/** Unsubscribes the link's address from everything: every lead of it is marked, and it is never mailed again. */
export async function unsubscribe(deps: Deps, token: string): Promise<string> {
  const lead = await unsubscribeLeadOf(deps, token);
  await deps.db
    .update(freeDownloadLeads)
    .set({ unsubscribedAt: deps.clock.now() })
    .where(and(eq(freeDownloadLeads.email, lead.email), isNull(freeDownloadLeads.unsubscribedAt)));
  return lead.email;
}

// ── The admin's Leads list and its CSV ─────────────────────────────────────────────

export function leadState(lead: Pick<FreeDownloadLeadRow, 'consent' | 'confirmedAt' | 'unsubscribedAt'>): LeadState {
  if (lead.unsubscribedAt) return 'unsubscribed';
  if (!lead.consent) return 'no-consent';
  return lead.confirmedAt ? 'confirmed' : 'awaiting-confirmation';
}

export const leadStateLabels: Record<LeadState, string> = {
  'no-consent': 'No consent',
  'awaiting-confirmation': 'Awaiting confirmation',
  confirmed: 'Confirmed',
  unsubscribed: 'Unsubscribed',
};

const leadOrder = [desc(freeDownloadLeads.createdAt), desc(freeDownloadLeads.id)];
const leadKey = [cursorValue.timestamp, cursorValue.uuid] as const;
const leadColumns = { lead: freeDownloadLeads, beatTitle: beats.title, key: sql<string>`${freeDownloadLeads.createdAt}::text` };

function toLead(row: { lead: FreeDownloadLeadRow; beatTitle: string }): Lead {
  const { lead } = row;
  return {
    id: lead.id,
    email: lead.email,
    beatId: lead.beatId,
    beatTitle: row.beatTitle,
    consent: lead.consent,
    state: leadState(lead),
    createdAt: lead.createdAt.toISOString(),
    confirmedAt: lead.confirmedAt?.toISOString() ?? null,
    unsubscribedAt: lead.unsubscribedAt?.toISOString() ?? null,
  };
}

/** Newest first; a cursor (keyset paging) starts right after the lead it names, a page number counts from the first. */
export async function listLeads(
  deps: Deps,
  input: { page: number; pageSize: number; cursor?: string },
): Promise<{ leads: Lead[]; total: number; nextCursor: string | null }> {
  const after = input.cursor ? decodeCursor(input.cursor, leadKey) : null;
  const base = deps.db.select(leadColumns).from(freeDownloadLeads).innerJoin(beats, eq(beats.id, freeDownloadLeads.beatId));
  const read = after
    ? base
        .where(olderThan(freeDownloadLeads.createdAt, freeDownloadLeads.id, after))
        .orderBy(...leadOrder)
        .limit(input.pageSize + 1)
    : base
        .where(
          inArray(
            freeDownloadLeads.id,
            deps.db
              .select({ id: freeDownloadLeads.id })
              .from(freeDownloadLeads)
              .orderBy(...leadOrder)
              .limit(input.pageSize + 1)
              .offset((input.page - 1) * input.pageSize),
          ),
        )
        .orderBy(...leadOrder);
  const [rows, [total]] = await Promise.all([read, deps.db.select({ n: count() }).from(freeDownloadLeads)]);
  const shown = rows.slice(0, input.pageSize);
  const last = shown[shown.length - 1];
  return {
    leads: shown.map(toLead),
    total: total?.n ?? 0,
    nextCursor: rows.length > input.pageSize && last ? encodeCursor([last.key, last.lead.id]) : null,
  };
}

export const leadsCsvHeader = ['Email', 'Beat', 'Requested at (UTC)', 'Consent', 'State', 'Confirmed at (UTC)', 'Unsubscribed at (UTC)'];
const CSV_BATCH = 1000;
const csvTime = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : '');

/** Every lead as CSV lines, newest first, read in keyset batches so a long list never sits in memory at once. */
export async function* leadsCsv(deps: Deps): AsyncGenerator<string> {
  yield `${leadsCsvHeader.join(',')}\r\n`;
  let lastId: string | null = null;
  for (;;) {
    const after: SQL | undefined = lastId
      ? sql`(${freeDownloadLeads.createdAt}, ${freeDownloadLeads.id}) < (select l.created_at, l.id from ${freeDownloadLeads} l where l.id = ${lastId})`
      : undefined;
    const rows = await deps.db
      .select({ lead: freeDownloadLeads, beatTitle: beats.title })
      .from(freeDownloadLeads)
      .innerJoin(beats, eq(beats.id, freeDownloadLeads.beatId))
      .where(after)
      .orderBy(...leadOrder)
      .limit(CSV_BATCH);
    lastId = rows[rows.length - 1]?.lead.id ?? null;
    const lines = rows.map(({ lead, beatTitle }) =>
      [
        csvCell(lead.email),
        csvCell(beatTitle),
        csvTime(lead.createdAt),
        lead.consent ? 'yes' : 'no',
        leadStateLabels[leadState(lead)],
        csvTime(lead.confirmedAt),
        csvTime(lead.unsubscribedAt),
      ].join(','),
    );
    if (lines.length) yield `${lines.join('\r\n')}\r\n`;
    if (rows.length < CSV_BATCH) return;
  }
}
