import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeBeat } from '../../test/factories';
import { jsonResponse, renderWithProviders } from '../../test/render-with-providers';
import { AuthProvider } from '../auth';
import { PlayerBar } from './player-bar';
import { PlayerProvider, usePlayerControls } from './player-context';

const titles = ['Night Drive', 'Low Empire', 'Glass Mirage', 'Paper Moon'];
const beats = titles.map((title, i) => makeBeat(`beat-${i + 1}`, { beatTitle: title }));

/** A list of Play buttons that plays each beat with the whole list as the queue, as the catalog's lists do. */
function BeatList() {
  const { play, seek } = usePlayerControls();
  return (
    <ul>
      {beats.map((b) => (
        <li key={b._id}>
          <button type="button" onClick={() => play(b, beats)}>
            Play {b.beatTitle}
          </button>
          <button
            type="button"
            onClick={() => {
              play(b, beats);
              seek(30);
            }}
          >
            Play {b.beatTitle} from 0:30
          </button>
        </li>
      ))}
    </ul>
  );
}

/**
 * The browser's audio, as far as the player uses it: jsdom plays nothing, so play/pause flip a flag and fire their
 * events, and time moves only when a test says so.
 */
const audio = () => document.querySelector('audio')!;
let position = 0;
let playing = false;
const setSrc = Object.getOwnPropertyDescriptor(HTMLMediaElement.prototype, 'src')!.set!;

beforeEach(() => {
  position = 0;
  playing = false;
  localStorage.clear();
  // Loading a source stops it at its beginning, as the browser's load does.
  vi.spyOn(HTMLMediaElement.prototype, 'src', 'set').mockImplementation(function (this: HTMLMediaElement, value: string) {
    setSrc.call(this, value);
    playing = false;
    position = 0;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'paused', 'get').mockImplementation(() => !playing);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'get').mockImplementation(() => position);
  vi.spyOn(HTMLMediaElement.prototype, 'currentTime', 'set').mockImplementation((value: number) => {
    position = value;
  });
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing = true;
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    if (!playing) return;
    playing = false;
    this.dispatchEvent(new Event('pause'));
  });
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ counted: true })));
});

/** Plays on for `seconds`, a timeupdate every quarter of a second as browsers send them. */
function listen(seconds: number) {
  act(() => {
    for (let i = 0; i < seconds * 4; i++) {
      position += 0.25;
      audio().dispatchEvent(new Event('timeupdate'));
    }
  });
}

/** The track plays to its end: the browser pauses it and says it ended. */
function trackEnds() {
  act(() => {
    playing = false;
    audio().dispatchEvent(new Event('pause'));
    audio().dispatchEvent(new Event('ended'));
  });
}

const player = () => screen.getByRole('region', { name: 'Player' });
/** The title the player bar shows (it links to the beat's page). */
const nowPlaying = () => {
  const shown = titles.filter((title) => within(player()).queryByRole('link', { name: title }));
  expect(shown).toHaveLength(1);
  return shown[0];
};

function renderPlayer() {
  return renderWithProviders(
    <>
      <BeatList />
      <PlayerBar />
    </>,
    {
      wrap: (children) => (
        <AuthProvider>
          <PlayerProvider>{children}</PlayerProvider>
        </AuthProvider>
      ),
    },
  );
}

const playReports = () =>
  vi
    .mocked(fetch)
    .mock.calls.filter(([path]) => path === '/api/play')
    .map(([, init]) => JSON.parse(String(init?.body)) as { beatId: string; playbackTime: number });

describe('the player queue', () => {
  it('plays the next beat of the list by itself when one ends, and the first again after the last', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Glass Mirage' }));
    expect(nowPlaying()).toBe('Glass Mirage');
    expect(within(player()).getByRole('button', { name: 'Pause' })).toBeTruthy();

    trackEnds();
    expect(nowPlaying()).toBe('Paper Moon');
    expect(within(player()).getByRole('button', { name: 'Pause' })).toBeTruthy();
    trackEnds();
    expect(nowPlaying()).toBe('Night Drive');
  });

  it('wraps around both ways with Next and Previous', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Paper Moon' }));
    await user.click(within(player()).getByRole('button', { name: 'Next track' }));
    expect(nowPlaying()).toBe('Night Drive');
    await user.click(within(player()).getByRole('button', { name: 'Previous track' }));
    expect(nowPlaying()).toBe('Paper Moon');
  });

  it('shuffles through every beat of the list once before any plays again, never the same one twice in a row', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    const shuffle = within(player()).getByRole('button', { name: 'Shuffle' });
    await user.click(shuffle);
    expect(shuffle.getAttribute('aria-pressed')).toBe('true');

    // The draw always lands at the end of what is left: the order differs from the list's.
    const random = vi.spyOn(Math, 'random').mockReturnValue(0.99);
    const round: string[] = [];
    for (let i = 0; i < 3; i++) {
      trackEnds();
      round.push(nowPlaying()!);
    }
    random.mockRestore();
    // Night Drive was playing: the round plays the three others, each once, not in the list's order.
    expect([...round].sort()).toEqual(['Glass Mirage', 'Low Empire', 'Paper Moon']);
    expect(round).not.toEqual(['Low Empire', 'Glass Mirage', 'Paper Moon']);

    let previous = nowPlaying();
    for (let i = 0; i < 12; i++) {
      await user.click(within(player()).getByRole('button', { name: 'Next track' }));
      expect(nowPlaying()).not.toBe(previous);
      previous = nowPlaying();
    }
  });
});

describe('the play report', () => {
  it('tells the server of a play once the preview has played 10 seconds and stops, not before', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Low Empire' }));
    listen(9.75);
    await user.click(within(player()).getByRole('button', { name: 'Pause' }));
    expect(playReports()).toEqual([]);

    await user.click(within(player()).getByRole('button', { name: 'Play' }));
    listen(0.5);
    await user.click(within(player()).getByRole('button', { name: 'Pause' }));
    expect(playReports()).toEqual([{ beatId: 'beat-2', playbackTime: 10 }]);

    // Once per play: stopping again does not report it again.
    await user.click(within(player()).getByRole('button', { name: 'Play' }));
    listen(5);
    await user.click(within(player()).getByRole('button', { name: 'Pause' }));
    expect(playReports()).toHaveLength(1);
  });

  it('reports a preview played to its end once, then the next beat on its own', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    listen(30);
    trackEnds();
    expect(playReports()).toEqual([{ beatId: 'beat-1', playbackTime: 30 }]);
    expect(nowPlaying()).toBe('Low Empire');

    listen(12);
    await user.click(within(player()).getByRole('button', { name: 'Next track' }));
    expect(playReports()).toEqual([
      { beatId: 'beat-1', playbackTime: 30 },
      { beatId: 'beat-2', playbackTime: 12 },
    ]);
  });

  it('does not count a jump ahead in the track as listening', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Paper Moon' }));
    listen(2);
    act(() => {
      position = 60; // the listener drags the seek bar
      audio().dispatchEvent(new Event('timeupdate'));
    });
    listen(2);
    await user.click(within(player()).getByRole('button', { name: 'Pause' }));
    expect(playReports()).toEqual([]);
  });

  it('never interrupts the listener when the report fails', async () => {
    vi.mocked(fetch).mockImplementation(async () => jsonResponse({ message: 'down' }, 503));
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    listen(11);
    trackEnds();
    expect(playReports()).toHaveLength(1);
    expect(nowPlaying()).toBe('Low Empire');
    expect(screen.queryByRole('status')).toBeNull();
  });
});

describe('seeking and volume', () => {
  it('starts a beat that is not playing at the point the listener chose, as the beat page’s waveform does', async () => {
    const user = userEvent.setup();
    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Low Empire' }));
    await user.click(screen.getByRole('button', { name: 'Play Glass Mirage from 0:30' }));
    expect(nowPlaying()).toBe('Glass Mirage');
    expect(position).toBe(30);
    expect(within(player()).getByRole<HTMLInputElement>('slider', { name: 'Seek' }).value).toBe('30');
    expect(within(player()).getByRole('button', { name: 'Pause' })).toBeTruthy();
  });

  it('keeps the volume the listener set for the next visit', async () => {
    const user = userEvent.setup();
    const firstVisit = renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    fireEvent.change(within(player()).getByRole('slider', { name: 'Volume' }), { target: { value: '40' } });
    expect(audio().volume).toBe(0.4);
    firstVisit.unmount();

    renderPlayer();
    await user.click(screen.getByRole('button', { name: 'Play Night Drive' }));
    expect(within(player()).getByRole<HTMLInputElement>('slider', { name: 'Volume' }).value).toBe('40');
    expect(audio().volume).toBe(0.4);
  });
});
