/** A beat row as the API shows it. Download links name protected routes; only the tagged preview and its waveform are public. */
import type { Beat } from '@beat/shared';
import type { BeatRow } from '../../db/schema.js';
import { previewLink, waveformLink } from './preview-links.js';

export const centsToDollars = (cents: number) => Math.round(cents) / 100;

export function toBeatDto(row: BeatRow): Beat {
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
  };
}
