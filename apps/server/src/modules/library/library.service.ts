/**
 * The library (docs/product/library.md): every beat a user may download. The beats they hold by purchase or credit
 * unlock come first, newest first; for VIP members the rest of the VIP catalog follows, in any of the catalog's
 * orders and searchable with its filters. Who may download what is the entitlements module's to say; this module
 * only lists and pages it.
 */
import { tierField, tierNames } from '../offers/tier-offers.js';
import { fileTypes, libraryFileLabels, libraryHoldLabels, type BeatSort, type DownloadRights, type LibraryHold, type LibraryItem, type LibraryPage, type LibrarySection } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { BeatRow, PurchaseRow, UserRow } from '../../db/schema.js';
import { cursorValue, decodeCursor, encodeCursor } from '../../lib/keyset-cursor.js';
import { badRequest } from '../../lib/errors.js';
import { listBeatPage } from '../beats/beats.service.js';
import { isListedBeat } from '../beats/listing.js';
import type { CatalogFilters } from '../beats/catalog-filters.js';
import { grantedRightsOf, hasCatalogPlan, heldBeats, type HeldBeat, type Hold } from '../entitlements/entitlements.service.js';
import { latestPlanPurchase } from '../purchases/plan-purchase.js';

export interface LibraryInput extends Omit<CatalogFilters, 'type'> {
  section?: LibrarySection;
  sort?: BeatSort;
  limit: number;
  cursor?: string;
}

/** Where a page starts: after an owned beat, or in the VIP catalog (after the catalog's own cursor, or at its start). */
type Position = { section: 'owned'; acquiredAt: string; beatId: string } | { section: 'vipCatalog'; catalogCursor: string | null };

const ownedKey = [(v: unknown) => v === 'owned', cursorValue.text, cursorValue.uuid] as const;
const catalogKey = [(v: unknown) => v === 'vipCatalog', cursorValue.text] as const;

function decodePosition(cursor: string): Position {
  try {
    const [, acquiredAt, beatId] = decodeCursor(cursor, ownedKey);
    if (Number.isNaN(new Date(acquiredAt!).getTime())) throw badRequest('cursor is not valid');
    return { section: 'owned', acquiredAt: acquiredAt!, beatId: beatId! };
  } catch {
    const [, catalogCursor] = decodeCursor(cursor, catalogKey);
    return { section: 'vipCatalog', catalogCursor: catalogCursor || null };
  }
}

const licenseUrlOf = (purchaseId: string) => `/api/purchases/${purchaseId}/licence`;

function holdDto(hold: Hold, names: Map<string, string>): LibraryHold {
  const { tier } = tierField(hold.tier, names);
  return {
    kind: hold.source,
    // The tier's name ("WAV Lease"); the MP3 Lease and the Exclusive read as they always have.
    label: tier?.name ?? libraryHoldLabels[hold.source],
    ...(tier ? { tier } : {}),
    acquiredAt: hold.acquiredAt.toISOString(),
    purchaseId: hold.purchaseId,
    checkoutId: hold.checkoutId,
    licenseUrl: hold.purchaseId ? licenseUrlOf(hold.purchaseId) : null,
  };
}

function planHold(plan: PurchaseRow | null): LibraryHold {
  return {
    kind: 'vipPlan',
    label: libraryHoldLabels.vipPlan,
    acquiredAt: plan ? plan.purchasedAt.toISOString() : null,
    purchaseId: plan?.id ?? null,
    checkoutId: plan?.checkoutId ?? null,
    licenseUrl: plan ? licenseUrlOf(plan.id) : null,
  };
}

function itemOf(section: LibrarySection, beat: BeatRow, holds: LibraryHold[], rights: DownloadRights): LibraryItem {
  const inStore = isListedBeat(beat) && beat.deletedAt === null;
  return {
    section,
    beat: {
      id: beat.id,
      slug: beat.slug,
      title: beat.title,
      artistName: beat.artistName,
      bpm: beat.bpm,
      category: beat.category,
      artworkUrl: inStore ? `/api/beats/${beat.id}/artwork.png` : null,
      inStore,
    },
    holds,
    files: fileTypes.filter((type) => rights[type]).map((fileType) => ({ fileType, label: libraryFileLabels[fileType] })),
  };
}

/** Owned beats after the position, in the library's order (newest hold first, then the beat's id descending). */
function ownedAfter(held: HeldBeat[], position: Position | null): HeldBeat[] {
  if (!position) return held;
  if (position.section === 'vipCatalog') return [];
  const at = new Date(position.acquiredAt).getTime();
  return held.filter((h) => h.acquiredAt.getTime() < at || (h.acquiredAt.getTime() === at && h.beat.id < position.beatId));
}

/** The most pages of the catalog one response reads to fill itself when owned beats are skipped. */
const MAX_CATALOG_READS = 4;

/**
 * One page of the user's library. Owned beats are all listed whatever the filters (docs/decisions/0025-library.md);
 * the search and filters narrow the VIP catalog part, which leaves out the beats already listed as owned.
 */
export async function libraryPage(deps: Deps, user: UserRow, input: LibraryInput): Promise<LibraryPage> {
  const position = input.cursor ? decodePosition(input.cursor) : null;
  const vipCatalog = hasCatalogPlan(user);
  const plan = vipCatalog ? await latestPlanPurchase(deps, user.id) : null;
  const held = await heldBeats(deps, user);
  const names = await tierNames(deps.db);
  const items: LibraryItem[] = [];

  if (input.section !== 'vipCatalog') {
    const owned = ownedAfter(held, position);
    const shown = owned.slice(0, input.limit);
    for (const h of shown) {
      // A VIP catalog beat is also held through the plan: both are shown, the plan last.
      const holds = h.holds.map((hold) => holdDto(hold, names));
      if (vipCatalog && grantedRightsOf(user, h.beat).mp3) holds.push(planHold(plan));
      items.push(itemOf('owned', h.beat, holds, h.rights));
    }
    if (owned.length > input.limit) {
      const last = shown[shown.length - 1]!;
      return { items, nextCursor: encodeCursor(['owned', last.acquiredAt.toISOString(), last.beat.id]), vipCatalog };
    }
    if (input.section === 'owned' || !vipCatalog) return { items, nextCursor: null, vipCatalog };
  }
  if (!vipCatalog) return { items, nextCursor: null, vipCatalog };

  // The VIP catalog beyond the owned beats.
  const ownedIds = new Set(held.map((h) => h.beat.id));
  let catalogCursor = position?.section === 'vipCatalog' ? position.catalogCursor : null;
  const filters: CatalogFilters = {
    q: input.q,
    genre: input.genre,
    mood: input.mood,
    key: input.key,
    bpmMin: input.bpmMin,
    bpmMax: input.bpmMax,
    hasStems: input.hasStems,
    priceMax: input.priceMax,
  };
  for (let read = 0; read < MAX_CATALOG_READS && items.length < input.limit; read++) {
    const want = input.limit - items.length;
    const page = await listBeatPage(deps, { ...filters, type: 'Non-Exclusive', sort: input.sort ?? 'newest', limit: want, cursor: catalogCursor ?? undefined });
    for (const beat of page.rows) {
      if (ownedIds.has(beat.id)) continue;
      items.push(itemOf('vipCatalog', beat, [planHold(plan)], grantedRightsOf(user, beat)));
    }
    catalogCursor = page.nextCursor;
    if (!catalogCursor) return { items, nextCursor: null, vipCatalog };
  }
  return { items, nextCursor: encodeCursor(['vipCatalog', catalogCursor ?? '']), vipCatalog };
}
