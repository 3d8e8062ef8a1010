/** A catalog beat for tests, with a preview to play; `overrides` set what a test is about. */
import type { Beat } from '@beat/shared';

export function makeBeat(id: string, overrides: Partial<Beat> = {}): Beat {
  return {
    _id: id,
    beatTitle: `Beat ${id}`,
    artistName: 'Test Artist',
    category: null,
    bpm: 90,
    releaseDate: '2026-01-01T00:00:00.000Z',
    tags: [],
    price: 29.99,
    beatType: 'Non-Exclusive',
    countdownEndTime: null,
    durationSeconds: 120,
    streamingMp3FileLink: `/previews/${id}.mp3`,
    waveformLink: null,
    mp3FileLink: null,
    wavFileLink: null,
    zipFileLink: null,
    hasStems: false,
    slug: id,
    musicalKey: null,
    moods: [],
    freeDownload: false,
    ...overrides,
  };
}
