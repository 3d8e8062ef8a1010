import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Beat } from '@beat/shared';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { PlayerProvider } from '../../player';
import { BeatList } from './beat-list';

const withApp = (children: ReactNode) => (
  <AuthProvider>
    <PlayerProvider>{children}</PlayerProvider>
  </AuthProvider>
);

const beat = (n: number): Beat => ({
  _id: `b-${n}`,
  beatTitle: `Beat ${n}`,
  artistName: 'Test Artist',
  category: 'Hip Hop',
  bpm: 90,
  releaseDate: '2026-01-01T00:00:00.000Z',
  tags: ['dark'],
  price: 19.99,
  beatType: 'Non-Exclusive',
  countdownEndTime: null,
  durationSeconds: 120,
  streamingMp3FileLink: `/previews/b-${n}.mp3`,
  waveformLink: null,
  mp3FileLink: null,
  wavFileLink: null,
  zipFileLink: null,
  hasStems: false,
  slug: `b-${n}`,
  musicalKey: null,
  moods: [],
  freeDownload: false,
});

function renderList(count: number, hasMore: boolean) {
  stubFetch();
  renderWithProviders(<BeatList beats={Array.from({ length: count }, (_, i) => beat(i + 1))} label="VIP catalog" hasMore={hasMore} onLoadMore={() => {}} />, {
    wrap: withApp,
  });
  return screen.getByRole('status').textContent;
}

describe('how many beats a list says it shows', () => {
  it('says one beat, not one beats', () => {
    expect(renderList(1, false)).toBe('1 beat shown, the only one');
  });

  it('counts more in the plural while more can be loaded', () => {
    expect(renderList(24, true)).toBe('24 beats shown');
  });

  it('says when the list is whole', () => {
    expect(renderList(2, false)).toBe('2 beats shown, all of them');
  });
});
