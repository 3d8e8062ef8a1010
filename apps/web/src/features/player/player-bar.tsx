/**
 * The fixed bottom player (docs/product/screens-and-words.md#player): title and artist, play/pause, previous/next, shuffle,
 * seek bar, current and total time, volume, and a favourite toggle for Non-Exclusive beats outside
 * purchased sections. Hidden until a track is chosen.
 */
import { useId, type CSSProperties } from 'react';
import { Link } from 'react-router';
import { Pause, Play, Shuffle, SkipBack, SkipForward, Volume2, VolumeX } from 'lucide-react';
import { BeatArtwork } from '../../components/beat/beat-artwork';
import { Equalizer } from '../../components/beat/equalizer';
import { beatPath } from '../../config/paths';
import { formatTime } from '../../lib/format';
import { FavouriteButton } from '../favourites';
import { usePlayerControls, usePlayerTime } from './player-context';
import './player-bar.css';

export function PlayerBar() {
  const player = usePlayerControls();
  const { current, isPlaying, isBuffering, shuffle } = player;
  if (!current) return null;

  return (
    // The target of the shell's "Skip to player" link (app/routes/root-layout.tsx): focusable, not in the Tab order.
    <section className="pbar" id="player" tabIndex={-1} aria-label="Player">
      <div className="pbar__track">
        <span className="pbar__art-wrap">
          <BeatArtwork id={current._id} title={current.beatTitle} className="pbar__art" />
          {isPlaying && <Equalizer className="pbar__eq" />}
        </span>
        <div className="pbar__info">
          <p className="pbar__title" title={current.beatTitle}>
            {/* Played from a purchased section, the beat may have left the store and have no page. */}
            {player.purchased ? (
              current.beatTitle
            ) : (
              <Link to={beatPath(current.slug)} className="pbar__link">
                {current.beatTitle}
              </Link>
            )}
          </p>
          <p className="pbar__artist">{current.artistName}</p>
        </div>
        {current.beatType === 'Non-Exclusive' && !player.purchased && <FavouriteButton beat={current} className="pbar__fav" />}
      </div>

      <div className="pbar__center">
        <div className="pbar__controls">
          <button
            type="button"
            className={['pbar__btn', 'pbar__shuffle', shuffle && 'pbar__btn--on'].filter(Boolean).join(' ')}
            aria-label="Shuffle"
            title="Shuffle"
            aria-pressed={shuffle}
            onClick={player.toggleShuffle}
          >
            <Shuffle aria-hidden="true" />
          </button>
          <button type="button" className="pbar__btn" aria-label="Previous track" title="Previous track" onClick={player.previous}>
            <SkipBack aria-hidden="true" fill="currentColor" />
          </button>
          <button
            type="button"
            className={['pbar__main', isBuffering && isPlaying && 'pbar__main--buffering'].filter(Boolean).join(' ')}
            aria-label={isPlaying ? 'Pause' : 'Play'}
            title={isPlaying ? 'Pause' : 'Play'}
            onClick={player.toggle}
          >
            {isPlaying ? <Pause aria-hidden="true" fill="currentColor" /> : <Play aria-hidden="true" fill="currentColor" />}
          </button>
          <button type="button" className="pbar__btn" aria-label="Next track" title="Next track" onClick={player.next}>
            <SkipForward aria-hidden="true" fill="currentColor" />
          </button>
          <span className="pbar__spacer" aria-hidden="true" />
        </div>
        <SeekBar title={current.beatTitle} />
      </div>

      <VolumeControl />
    </section>
  );
}

/** Position and length; the only part of the bar that re-renders while the track plays. */
function SeekBar({ title }: { title: string }) {
  const { currentTime, duration } = usePlayerTime();
  const { seek } = usePlayerControls();
  const id = useId();
  const max = duration > 0 ? duration : 0;
  const value = Math.min(currentTime, max);
  const progress = max > 0 ? (value / max) * 100 : 0;
  return (
    <div className="pbar__seek">
      <span className="pbar__time pbar__time--current">
        {formatTime(value)}
      </span>
      <label htmlFor={id} className="visually-hidden">
        Seek
      </label>
      <input
        id={id}
        type="range"
        className="pbar__range"
        min={0}
        max={max || 1}
        step={1}
        value={value}
        disabled={max === 0}
        aria-valuetext={`${formatTime(value)} of ${formatTime(max)}`}
        title={`Seek in ${title}`}
        style={{ '--progress': `${progress}%` } as CSSProperties}
        onChange={(event) => seek(Number(event.target.value))}
      />
      <span className="pbar__time pbar__time--total">
        {formatTime(max)}
      </span>
    </div>
  );
}

function VolumeControl() {
  const { volume, muted, setVolume, toggleMute } = usePlayerControls();
  const id = useId();
  const shown = muted ? 0 : volume;
  return (
    <div className="pbar__volume">
      <button
        type="button"
        className="pbar__btn"
        aria-label={muted ? 'Unmute' : 'Mute'}
        title={muted ? 'Unmute' : 'Mute'}
        onClick={toggleMute}
      >
        {muted || volume === 0 ? <VolumeX aria-hidden="true" /> : <Volume2 aria-hidden="true" />}
      </button>
      <label htmlFor={id} className="visually-hidden">
        Volume
      </label>
      <input
        id={id}
        type="range"
        className="pbar__range pbar__range--volume"
        min={0}
        max={100}
        step={5}
        value={Math.round(shown * 100)}
        aria-valuetext={`${Math.round(shown * 100)}%`}
        style={{ '--progress': `${shown * 100}%` } as CSSProperties}
        onChange={(event) => setVolume(Number(event.target.value) / 100)}
      />
    </div>
  );
}
