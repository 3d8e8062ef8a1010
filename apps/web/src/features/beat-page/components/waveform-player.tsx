/**
 * A beat's waveform player (docs/product/screens-and-words.md#beat-page): play/pause and the waveform as a seek bar,
 * driving the app's one player, so what plays here plays in the bottom bar and the other way round. Click or drag to
 * seek; as a slider it takes the arrow keys (±5 s), Page Up/Down, Home and End. Until the beat has peaks it is a
 * plain bar with the same controls.
 */
import { memo, useEffect, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type PointerEvent } from 'react';
import { Pause, Play } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { formatTime } from '../../../lib/format';
import { canPlay, usePlayerControls, usePlayerTime } from '../../player';
import { useWaveform } from '../api/get-waveform';
import { barsFromPeaks, fractionAt, timeForKey } from '../lib/waveform-math';
import './waveform-player.css';

export interface WaveformPlayerProps {
  beat: Beat;
  /** What next/previous walk through once this beat plays (defaults to this beat alone). */
  queue?: readonly Beat[];
  variant?: 'page' | 'embed';
}

/** About one bar per this many pixels of width. */
const BAR_PIXELS = 6;

export function WaveformPlayer({ beat, queue, variant = 'page' }: WaveformPlayerProps) {
  const { current, isPlaying: playerPlaying, isBuffering, play, toggle, seek } = usePlayerControls();
  const { currentTime, duration } = usePlayerTime();
  const waveform = useWaveform(beat.waveformLink);
  const surfaceRef = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  /** Where a drag holds the head, as a fraction; the seek happens when it is let go. */
  const [dragging, setDragging] = useState<number | null>(null);

  const playable = canPlay(beat);
  const isCurrent = current?._id === beat._id;
  const isPlaying = isCurrent && playerPlaying;
  const total = isCurrent && duration > 0 ? duration : (beat.durationSeconds ?? 0);
  const position = isCurrent ? Math.min(currentTime, total) : 0;
  const shown = dragging !== null ? dragging * total : position;
  const progress = total > 0 ? Math.min(100, (shown / total) * 100) : 0;

  useEffect(() => {
    const surface = surfaceRef.current;
    if (!surface) return;
    const observer = new ResizeObserver(([entry]) => setWidth(Math.round(entry?.contentRect.width ?? 0)));
    observer.observe(surface);
    return () => observer.disconnect();
  }, []);

  const barCount = Math.max(24, Math.min(180, Math.floor(width / BAR_PIXELS)));
  const peaks = waveform.data;
  const bars = useMemo(() => (peaks && width > 0 ? barsFromPeaks(peaks, barCount) : null), [peaks, width, barCount]);

  /** Seeking a beat that is not playing starts it there. */
  function seekTo(seconds: number) {
    if (!playable) return;
    if (!isCurrent) play(beat, queue ?? [beat]);
    seek(seconds);
  }

  function onPlay() {
    if (!playable) return;
    if (isCurrent) toggle();
    else play(beat, queue ?? [beat]);
  }

  function fractionOf(event: PointerEvent<HTMLDivElement>) {
    const box = event.currentTarget.getBoundingClientRect();
    return fractionAt(event.clientX, box.left, box.width);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    if (event.button !== 0 || !playable || total <= 0) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    setDragging(fractionOf(event));
  }

  function onPointerMove(event: PointerEvent<HTMLDivElement>) {
    if (dragging !== null) setDragging(fractionOf(event));
  }

  function onPointerUp(event: PointerEvent<HTMLDivElement>) {
    if (dragging === null) return;
    setDragging(null);
    seekTo(fractionOf(event) * total);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!playable) return;
    const target = timeForKey(event.key, position, total);
    if (target === null) return;
    event.preventDefault();
    seekTo(target);
  }

  const label = !playable ? `${beat.beatTitle}: no preview yet` : isPlaying ? `Pause ${beat.beatTitle}` : `Play ${beat.beatTitle}`;

  return (
    <div className={['wave', `wave--${variant}`, isCurrent && 'wave--current'].filter(Boolean).join(' ')}>
      <button
        type="button"
        className={['wave__play', isBuffering && isPlaying && 'wave__play--buffering'].filter(Boolean).join(' ')}
        aria-label={label}
        title={label}
        disabled={!playable}
        onClick={onPlay}
      >
        {isPlaying ? <Pause aria-hidden="true" fill="currentColor" /> : <Play aria-hidden="true" fill="currentColor" />}
      </button>
      <div className="wave__body">
        <div
          ref={surfaceRef}
          className={['wave__surface', bars ? 'wave__surface--peaks' : 'wave__surface--plain', dragging !== null && 'wave__surface--dragging']
            .filter(Boolean)
            .join(' ')}
          role="slider"
          tabIndex={playable ? 0 : -1}
          aria-label={`Seek in ${beat.beatTitle}`}
          aria-valuemin={0}
          aria-valuemax={Math.round(total)}
          aria-valuenow={Math.round(shown)}
          aria-valuetext={`${formatTime(shown)} of ${formatTime(total)}`}
          aria-disabled={!playable || undefined}
          style={{ '--progress': `${progress}%` } as CSSProperties}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => setDragging(null)}
          onKeyDown={onKeyDown}
        >
          {bars ? (
            <>
              <Bars bars={bars} className="wave__bars" />
              <Bars bars={bars} className="wave__bars wave__bars--played" />
            </>
          ) : (
            <span className="wave__track" aria-hidden="true">
              <span className="wave__fill" />
            </span>
          )}
          <span className="wave__head" aria-hidden="true" />
        </div>
        <p className="wave__times" aria-hidden="true">
          <span>{formatTime(shown)}</span>
          <span>{formatTime(total)}</span>
        </p>
      </div>
    </div>
  );
}

/** The bars as one SVG, mirrored around the middle; memoised, so only the played layer's clip changes while a track plays. */
const Bars = memo(function Bars({ bars, className }: { bars: number[]; className: string }) {
  return (
    <svg className={className} viewBox={`0 0 ${bars.length} 100`} preserveAspectRatio="none" aria-hidden="true" focusable="false">
      {bars.map((height, i) => (
        <rect key={i} x={i + 0.18} width={0.64} y={50 - height * 48} height={Math.max(1.5, height * 96)} />
      ))}
    </svg>
  );
});
