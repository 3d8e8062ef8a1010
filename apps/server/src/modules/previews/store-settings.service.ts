/**
 * The store's audio tag and where it goes (docs/audio-pipeline.md). One row; every change bumps the
 * version and queues a re-render of every preview, while the old previews keep playing.
 */
import { eq, isNull, sql } from 'drizzle-orm';
import { randomUUID } from 'node:crypto';
import type { Mp3Info, StoreSettings, TagPlacement, WavInfo } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Tx } from '../../db/client.js';
import { beats, storeSettings, type StoreSettingsRow } from '../../db/schema.js';
import { recordAudit, type AuditActor } from '../audit/audit.service.js';
import { startRetag } from './previews.service.js';
import { BUILT_IN_TAG_NAME, forgetTag, loadTag, placementOf, readStoreSettings, TAG_PREFIX } from './tag.js';

async function lockStoreSettings(tx: Tx): Promise<StoreSettingsRow> {
  await readStoreSettings(tx);
  const [row] = await tx.select().from(storeSettings).where(eq(storeSettings.id, 1)).for('update');
  return row!;
}

export async function previewProgress(deps: Pick<Deps, 'db'>, version: number) {
  const [row] = await deps.db
    .select({
      total: sql<number>`count(*)::int`,
      rendered: sql<number>`(count(*) filter (where ${beats.audioState} = 'ready' and ${beats.previewSettingsVersion} = ${version}))::int`,
      failed: sql<number>`(count(*) filter (where ${beats.audioState} = 'failed'))::int`,
    })
    .from(beats)
    .where(isNull(beats.deletedAt));
  return { total: Number(row?.total ?? 0), rendered: Number(row?.rendered ?? 0), failed: Number(row?.failed ?? 0) };
}

export async function storeSettingsView(deps: Pick<Deps, 'db' | 'storage'>): Promise<StoreSettings> {
  const row = await readStoreSettings(deps.db);
  const tag = await loadTag(deps, row);
  return {
    tag: {
      custom: row.tagKey !== null,
      fileName: row.tagFileName ?? BUILT_IN_TAG_NAME,
      info: (row.tagInfo as Mp3Info | WavInfo | null) ?? null,
      durationSeconds: Math.round(tag.durationSeconds * 100) / 100,
      url: '/api/admin/store-settings/tag',
    },
    placement: placementOf(row),
    version: row.version,
    progress: await previewProgress(deps, row.version),
    saleNotices: row.saleNotices,
  };
}

/** Turns the admins' "New sale" e-mails on or off; no preview changes, so no re-render (docs/product/offers-and-prices.md#new-sale-e-mails). */
export async function setSaleNotices(deps: Deps, actor: AuditActor, enabled: boolean): Promise<void> {
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    const before = await lockStoreSettings(tx);
    if (before.saleNotices === enabled) return;
    await tx.update(storeSettings).set({ saleNotices: enabled, updatedAt: now }).where(eq(storeSettings.id, 1));
    await recordAudit(tx, actor, now, {
      action: 'store.sale-notices',
      targetType: 'store',
      targetId: null,
      before: { saleNotices: before.saleNotices },
      after: { saleNotices: enabled },
    });
  });
}

/** Applies a change to the settings, bumps the version and queues every preview for a re-render, in one transaction. */
async function changeSettings(
  deps: Deps,
  actor: AuditActor,
  action: 'store.tag' | 'store.tag-placement',
  change: (before: StoreSettingsRow) => Partial<typeof storeSettings.$inferInsert>,
): Promise<{ before: StoreSettingsRow; after: StoreSettingsRow }> {
  const now = deps.clock.now();
  return deps.db.transaction(async (tx) => {
    const before = await lockStoreSettings(tx);
    const [after] = await tx
      .update(storeSettings)
      .set({ ...change(before), version: before.version + 1, updatedAt: now })
      .where(eq(storeSettings.id, 1))
      .returning();
    await startRetag(tx, deps.clock);
    await recordAudit(tx, actor, now, {
      action,
      targetType: 'store',
      targetId: null,
      before: settingsSnapshot(before),
      after: settingsSnapshot(after!),
    });
    return { before, after: after! };
  });
}

function settingsSnapshot(row: StoreSettingsRow) {
  return { tag: row.tagFileName ?? BUILT_IN_TAG_NAME, ...placementOf(row), version: row.version };
}

export async function updateTagPlacement(deps: Deps, actor: AuditActor, placement: TagPlacement): Promise<void> {
  await changeSettings(deps, actor, 'store.tag-placement', () => ({
    tagFirstOffsetSeconds: placement.firstOffsetSeconds,
    tagIntervalSeconds: placement.intervalSeconds,
    tagLevelDb: placement.levelDb,
  }));
}

/** A new tag, already stored under `key` and checked by decoding. The old upload is removed once replaced. */
export async function replaceTag(deps: Deps, actor: AuditActor, tag: { key: string; fileName: string; info: Mp3Info | WavInfo } | null): Promise<void> {
  const { before } = await changeSettings(deps, actor, 'store.tag', () => ({
    tagKey: tag?.key ?? null,
    tagFileName: tag?.fileName ?? null,
    tagInfo: tag?.info ?? null,
  }));
  if (before.tagKey && before.tagKey !== tag?.key) {
    forgetTag(before.tagKey);
    await deps.storage.delete(before.tagKey).catch(() => undefined);
  }
}

/** Uploaded tags are stored before their format is known; the settings row records it. */
export const newTagKey = () => `${TAG_PREFIX}${randomUUID()}`;
