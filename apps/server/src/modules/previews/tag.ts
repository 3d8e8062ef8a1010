/**
 * The store's audio tag as renders read it (docs/audio-pipeline.md): the settings row, the tag's audio
 * (the admin's upload or the built-in one) and where it goes. Changing them is store-settings.service.ts.
 */
import { eq } from 'drizzle-orm';
import type { TagPlacement } from '@beat/shared';
import type { Deps } from '../../deps.js';
import type { Db, Tx } from '../../db/client.js';
import { storeSettings, type StoreSettingsRow } from '../../db/schema.js';
import { generateDefaultTag, encodeWavStereo16 } from '../../audio/default-tag.js';
import { decodeToBuffer, measureTag } from '../../audio/preview.js';
import { PCM_CHANNELS, PCM_RATE } from '../../audio/ffmpeg.js';

export const BUILT_IN_TAG_NAME = 'Beat Market tag (built in)';
export const TAG_PREFIX = 'audio/tags/';

/** The settings row, made with the defaults the first time it is read. */
export async function readStoreSettings(db: Db | Tx): Promise<StoreSettingsRow> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  if (row) return row;
  await db.insert(storeSettings).values({ id: 1 }).onConflictDoNothing();
  const [made] = await db.select().from(storeSettings).where(eq(storeSettings.id, 1));
  return made!;
}

export interface LoadedTag {
  /** Interleaved PCM at the preview rate and channels. */
  pcm: Float32Array;
  durationSeconds: number;
  loudnessLufs: number | null;
}

// Decoded tags by identity: a re-tag renders thousands of previews with the same one.
const tagCache = new Map<string, Promise<LoadedTag>>();
let builtInWav: Buffer | null = null;

function builtInTag(): LoadedTag {
  const pcm = generateDefaultTag(PCM_RATE);
  return { pcm, ...measureTag(pcm) };
}

/** The tag a render mixes in: the admin's upload, or the built-in generated one. */
export function loadTag(deps: Pick<Deps, 'storage'>, settings: Pick<StoreSettingsRow, 'tagKey'>): Promise<LoadedTag> {
  const identity = settings.tagKey ?? 'built-in';
  let loaded = tagCache.get(identity);
  if (!loaded) {
    loaded = settings.tagKey
      ? decodeToBuffer(deps.storage.read(settings.tagKey), { sampleRate: PCM_RATE, channels: PCM_CHANNELS }).then((pcm) => ({ pcm, ...measureTag(pcm) }))
      : Promise.resolve(builtInTag());
    loaded.catch(() => tagCache.delete(identity));
    if (tagCache.size >= 4) tagCache.clear();
    tagCache.set(identity, loaded);
  }
  return loaded;
}

/** Drops a replaced upload from the cache of decoded tags. */
export function forgetTag(tagKey: string): void {
  tagCache.delete(tagKey);
}

/** The tag's bytes for the admin to hear: the stored upload, or the built-in tag as a WAV. */
export function builtInTagWav(): Buffer {
  builtInWav ??= encodeWavStereo16(generateDefaultTag(PCM_RATE), PCM_RATE, PCM_CHANNELS);
  return builtInWav;
}

export function placementOf(row: StoreSettingsRow): TagPlacement {
  return { firstOffsetSeconds: row.tagFirstOffsetSeconds, intervalSeconds: row.tagIntervalSeconds, levelDb: row.tagLevelDb };
}
