/** A beat and a user as the API returns them, for component tests; each test overrides what it is about. */
import type { Beat, User } from '@beat/shared';

export function testBeat(overrides: Partial<Beat> = {}): Beat {
  return {
    _id: 'beat-1',
    beatTitle: 'Glass Mirage',
    artistName: 'Nova Kane',
    category: 'Hip Hop',
    bpm: 92,
    releaseDate: '2026-01-01T00:00:00.000Z',
    tags: [],
    price: 19.99,
    beatType: 'Non-Exclusive',
    countdownEndTime: null,
    durationSeconds: 120,
    streamingMp3FileLink: '/api/stream/beat-1',
    waveformLink: null,
    mp3FileLink: null,
    wavFileLink: null,
    zipFileLink: null,
    hasStems: false,
    slug: 'glass-mirage',
    musicalKey: null,
    moods: [],
    freeDownload: false,
    ...overrides,
  };
}

/** A signed-in free user who may use their account (their password is set). */
export function testUser(overrides: Partial<User> = {}): User {
  return {
    _id: 'u1',
    email: 'ada@example.com',
    fullName: 'Ada Lovelace',
    username: null,
    userType: 'freeUser',
    Credits: 0,
    profileImage: null,
    isStemsAvailable: false,
    lastSessionDate: null,
    hasPasswordChanged: true,
    isAdmin: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A beat of its own id, title and preview, for tests that line several up (a queue, a list). */
export function makeBeat(id: string, overrides: Partial<Beat> = {}): Beat {
  return testBeat({ _id: id, beatTitle: `Beat ${id}`, slug: id, streamingMp3FileLink: `/previews/${id}.mp3`, ...overrides });
}
