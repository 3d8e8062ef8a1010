/**
 * The play button over a beat card's artwork: plays the beat with its list as the queue, or pauses and resumes it
 * when it is the current beat. A beat without a preview gets no button.
 */
import { Pause, Play } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { canPlay } from './lib/playable';
import { useBeatPlayback, usePlayerControls, type PlayOptions } from './player-context';
import './card-play-button.css';

export interface CardPlayButtonProps {
  beat: Beat;
  queue: readonly Beat[];
  /** The card's own class, which places and sizes the button. */
  className: string;
  tabIndex?: number;
  options?: PlayOptions;
}

export function CardPlayButton({ beat, queue, className, tabIndex, options }: CardPlayButtonProps) {
  const { play, toggle } = usePlayerControls();
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  if (!canPlay(beat)) return null;
  const label = isPlaying ? `Pause ${beat.beatTitle}` : `Play ${beat.beatTitle}`;
  return (
    <button type="button" className={`card-play ${className}`} aria-label={label} title={label} tabIndex={tabIndex} onClick={() => (isCurrent ? toggle() : play(beat, queue, options))}>
      {isPlaying ? <Pause aria-hidden="true" fill="currentColor" /> : <Play aria-hidden="true" fill="currentColor" />}
    </button>
  );
}
