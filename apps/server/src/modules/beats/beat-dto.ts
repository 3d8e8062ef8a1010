/** A beat row as the API shows it. Download links name protected routes; only the tagged preview and its waveform are public. */
import type { Beat } from '@beat/shared';
import { beats, type BeatRow } from '../../db/schema.js';
import { previewLink, waveformLink } from './preview-links.js';

export const centsToDollars = (cents: number) => Math.round(cents) / 100;

/**
 * The columns a beat's response shows: a list of beats selects only these (a `beats` row also holds file info, the
 * search text and more that no response shows, which a long list would read and decode for nothing).
 */
export const beatDtoColumns = {
  id: beats.id,
  title: beats.title,
  artistName: beats.artistName,
  category: beats.category,
  bpm: beats.bpm,
  releaseDate: beats.releaseDate,
  tags: beats.tags,
  priceCents: beats.priceCents,
  beatType: beats.beatType,
  countdownEndTime: beats.countdownEndTime,
  durationSeconds: beats.durationSeconds,
  previewKey: beats.previewKey,
  previewRenderKey: beats.previewRenderKey,
  waveformKey: beats.waveformKey,
  wavKey: beats.wavKey,
  stemsKey: beats.stemsKey,
  slug: beats.slug,
  musicalKey: beats.musicalKey,
  moods: beats.moods,
  freeDownload: beats.freeDownload,
};

export type BeatDtoRow = Pick<BeatRow, keyof typeof beatDtoColumns>;

export function toBeatDto(row: BeatDtoRow): Beat {
  const files = `/api/beats/${row.id}/files`;
  return {
    _id: row.id,
    beatTitle: row.title,
    artistName: row.artistName,
    category: row.category,
    bpm: row.bpm,
    releaseDate: row.releaseDate.toISOString(),
    tags: row.tags,
    price: row.priceCents === null ? null : centsToDollars(row.priceCents),
    beatType: row.beatType,
    countdownEndTime: row.countdownEndTime?.toISOString() ?? null,
    durationSeconds: row.durationSeconds,
    streamingMp3FileLink: previewLink(row),
    waveformLink: waveformLink(row),
    mp3FileLink: `${files}/mp3`,
    wavFileLink: row.wavKey ? `${files}/wav` : null,
    zipFileLink: row.stemsKey ? `${files}/stems` : null,
    hasStems: row.stemsKey !== null,
    slug: row.slug,
    musicalKey: row.musicalKey,
    moods: row.moods,
    freeDownload: row.freeDownload,
  };
}

/**
 * A sold exclusive as its page shows it (docs/product/screens-and-words.md#beat-page): what it was, never how to hear or
 * buy it. No preview or waveform (a sold exclusive has no public preview), no price, no countdown, no free download;
 * the file links name the protected routes, which only its buyer passes.
 */
export function soldBeatDto(row: BeatDtoRow): Beat {
  return { ...toBeatDto(row), price: null, countdownEndTime: null, streamingMp3FileLink: null, waveformLink: null, freeDownload: false };
}
