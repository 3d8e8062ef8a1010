/**
 * Exclusives' countdown (docs/product/offers-and-prices.md#countdown): once the server's own clock passes an unsold exclusive's
 * countdownEndTime, it becomes Non-Exclusive (it joins the VIP catalog) at the standard lease price.
 * Clients may nudge; nothing changes before the end time.
 */
import { and, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Deps } from '../../deps.js';
import { beats, type BeatRow } from '../../db/schema.js';
import type { CatalogVersion } from '../../db/catalog-version.js';
import { notFound } from '../../lib/errors.js';
import { getBeat } from '../beats/beats.service.js';

/**
 * Turns over every ended, unsold exclusive (or just `beatId`). An exclusive held for a buyer whose
 * checkout is still open waits until that reservation lapses, so a payment in progress never finds
 * its beat changed under it. One UPDATE: concurrent runs (job, nudges) turn each beat over once.
 */
export async function turnOverEndedExclusives(deps: Pick<Deps, 'db' | 'clock' | 'config'>, beatId?: string): Promise<BeatRow[]> {
  const now = deps.clock.now();
  const filters: (SQL | undefined)[] = [
    eq(beats.beatType, 'Exclusive'),
    isNull(beats.soldAt),
    isNotNull(beats.countdownEndTime),
    lte(beats.countdownEndTime, now),
    or(isNull(beats.reservedUntil), lte(beats.reservedUntil, now)),
  ];
  if (beatId) filters.push(eq(beats.id, beatId));
  return deps.db
    .update(beats)
    .set({ beatType: 'Non-Exclusive', priceCents: deps.config.prices.leaseCents, updatedAt: now })
    .where(and(...filters))
    .returning();
}

/** A page's nudge when a countdown reaches zero: applies the server's own rule to one published beat. */
export async function nudgeCountdown(deps: Deps, beatId: string): Promise<{ changed: boolean; beat: BeatRow }> {
  const beat = await getBeat(deps, beatId);
  if (!beat.published) throw notFound('This beat does not exist.');
  const [turned] = await turnOverEndedExclusives(deps, beat.id);
  return { changed: turned !== undefined, beat: turned ?? (await getBeat(deps, beat.id)) };
}

/** The next moment an unsold exclusive is due to turn over (its end, or the end of its buyer's hold), or null. */
export async function nextCountdownDue(deps: Pick<Deps, 'db'>): Promise<Date | null> {
  const [row] = await deps.db
    .select({
      due: sql<Date | null>`min(greatest(${beats.countdownEndTime}, coalesce(${beats.reservedUntil}, ${beats.countdownEndTime})))`.mapWith(
        beats.countdownEndTime,
      ),
    })
    .from(beats)
    .where(and(eq(beats.beatType, 'Exclusive'), isNull(beats.soldAt), isNotNull(beats.countdownEndTime)));
  return row?.due ?? null;
}

/** How long a known next end is trusted before it is read again (a released hold does not move the catalog version). */
const DUE_RECHECK_MS = 2_000;

/**
 * The catalog's version as open pages poll it (docs/product/offers-and-prices.md#countdown): before answering,
 * any countdown that has ended by the server's clock is turned over, so the version a page reads already counts
 * it — a page learns of an ended countdown within one poll, even with no card of it on screen and between runs
 * of the background job. Costs one small query per version change (or every 2 s), and one UPDATE when an end passes;
 * concurrent polls share both.
 */
export function createLiveCatalog(deps: Pick<Deps, 'db' | 'clock' | 'config'>, version: CatalogVersion) {
  let due: { at: number | null; version: number; readAt: number } | null = null;
  let reading: Promise<void> | null = null;
  let turning: Promise<void> | null = null;

  const shared = (current: Promise<void> | null, start: () => Promise<void>, clear: () => void): Promise<void> =>
    current ?? start().finally(clear);

  async function readDue(at: number): Promise<void> {
    const readAt = deps.clock.now().getTime();
    const next = await nextCountdownDue(deps);
    due = { at: next ? next.getTime() : null, version: at, readAt };
  }

  return {
    async version(): Promise<number> {
      let at = await version.current();
      const now = deps.clock.now().getTime();
      if (!due || due.version !== at || now - due.readAt > DUE_RECHECK_MS) {
        reading = shared(reading, () => readDue(at), () => (reading = null));
        await reading;
      }
      if (due && due.at !== null && due.at <= now) {
        turning = shared(
          turning,
          async () => {
            await turnOverEndedExclusives(deps);
            due = null;
          },
          () => (turning = null),
        );
        await turning;
        at = await version.current();
      }
      return at;
    },
  };
}
