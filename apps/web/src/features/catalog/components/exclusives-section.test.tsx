import type { ReactNode } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { Beat } from '@beat/shared';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { PlayerProvider } from '../../player';
import { ExclusivesSection } from './exclusives-section';

const withApp = (children: ReactNode) => (
  <AuthProvider>
    <PlayerProvider>{children}</PlayerProvider>
  </AuthProvider>
);

function exclusive(n: number, title: string): Beat {
  return {
    _id: `x-${n}`,
    beatTitle: title,
    artistName: 'Test Artist',
    category: 'Hip Hop',
    bpm: 90,
    releaseDate: '2026-01-01T00:00:00.000Z',
    tags: ['dark'],
    price: 499,
    beatType: 'Exclusive',
    countdownEndTime: null,
    durationSeconds: 120,
    streamingMp3FileLink: `/previews/x-${n}.mp3`,
    waveformLink: null,
    mp3FileLink: null,
    wavFileLink: null,
    zipFileLink: null,
    hasStems: true,
    slug: `x-${n}`,
    musicalKey: null,
    moods: [],
    freeDownload: false,
  };
}

const titles = ['Glass Mirage', 'Paper Moon', 'Cherry District', 'Wild Sirens', 'Solar Echoes'] as const;

async function renderCarousel() {
  stubFetch((url) => (url.startsWith('/api/beats?') ? jsonResponse({ beats: titles.map((title, i) => exclusive(i, title)), nextCursor: null }) : new Response('{}', { status: 404 })));
  renderWithProviders(
    <>
      <button type="button">Before</button>
      <ExclusivesSection q="" layout="carousel" />
      <button type="button">After</button>
    </>,
    { wrap: withApp },
  );
  const carousel = await screen.findByRole('region', { name: 'Exclusive beats' });
  await within(carousel).findByRole('article', { name: titles[0] });
  return carousel;
}

const card = (title: string) => screen.getByRole('article', { name: title });

describe('the exclusives carousel', () => {
  it('is one Tab stop: from before it, Tab reaches its first card, and the next Tab leaves it', async () => {
    const user = userEvent.setup();
    await renderCarousel();
    const previous = screen.getByRole('button', { name: 'Previous exclusives' });
    const next = screen.getByRole('button', { name: 'Next exclusives' });
    const toggle = screen.getByRole('button', { name: 'Show All Exclusives' });
    // Previous and Next start disabled (nothing is measured in jsdom), so from "Before" the toggle comes first.
    screen.getByRole('button', { name: 'Before' }).focus();
    const stops: (HTMLElement | null)[] = [];
    for (let i = 0; i < 3; i++) {
      await user.tab();
      stops.push(document.activeElement as HTMLElement | null);
    }
    expect(stops).toEqual([toggle, card(titles[0]), screen.getByRole('button', { name: 'After' })]);
    expect([previous, next].every((button) => button.hasAttribute('disabled'))).toBe(true);
    expect(card(titles[0]).getAttribute('aria-describedby')).toBeTruthy();
  });

  it('moves between cards with Left, Right, Home and End, and Tab comes back to the card left last', async () => {
    const user = userEvent.setup();
    await renderCarousel();
    card(titles[0]).focus();
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(card(titles[1]));
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(document.activeElement).toBe(card(titles[3]));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(card(titles[2]));
    await user.keyboard('{End}');
    expect(document.activeElement).toBe(card(titles[4]));
    await user.keyboard('{ArrowRight}');
    expect(document.activeElement).toBe(card(titles[4]));
    await user.keyboard('{Home}');
    expect(document.activeElement).toBe(card(titles[0]));
    await user.keyboard('{ArrowLeft}');
    expect(document.activeElement).toBe(card(titles[0]));

    // Only the current card is in the Tab order.
    await user.keyboard('{End}');
    const tabbable = titles.filter((title) => card(title).tabIndex === 0);
    expect(tabbable).toEqual([titles[4]]);
    await user.tab();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'After' }));
    await user.tab({ shift: true });
    expect(document.activeElement).toBe(card(titles[4]));
  });

  it("reaches a card's own buttons with Down and Up, none of them a Tab stop of its own", async () => {
    const user = userEvent.setup();
    await renderCarousel();
    const second = card(titles[1]);
    for (const control of within(second).getAllByRole('button').concat(within(second).getAllByRole('link'))) expect(control.tabIndex).toBe(-1);
    second.focus();
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: `Play ${titles[1]}` }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(second).getByRole('link', { name: titles[1] }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Buy' }));
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toBe(within(second).getByRole('button', { name: 'Add to Cart' }));
    await user.keyboard('{ArrowUp}{ArrowUp}{ArrowUp}{ArrowUp}');
    expect(document.activeElement).toBe(second);
    // From a button, Right goes on to the next card.
    await user.keyboard('{ArrowDown}{ArrowRight}');
    expect(document.activeElement).toBe(card(titles[2]));
  });
});
