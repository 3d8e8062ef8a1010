/**
 * Plays the store's tag. The bytes are fetched with the admin's token on the first Play and played from an
 * object URL, revoked when the player goes (its parent keys it by the tag, so a new tag means a new player).
 */
import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Pause, Play } from 'lucide-react';
import { IconButton } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { usePlayerControls } from '../../player';
import { tagAudioQueryOptions } from '../api/get-tag-audio';
import { formatSeconds } from '../lib/audio-info';

export interface TagPlayerProps {
  url: string;
  version: number;
  durationSeconds: number;
}

export function TagPlayer({ url, version, durationSeconds }: TagPlayerProps) {
  const queryClient = useQueryClient();
  const store = usePlayerControls();
  const audio = useRef<HTMLAudioElement>(null);
  const objectUrl = useRef<string | null>(null);
  const [loading, setLoading] = useState(false);
  const [playing, setPlaying] = useState(false);
  const [time, setTime] = useState(0);
  // The server's figure until the file itself says.
  const [length, setLength] = useState(durationSeconds);

  useEffect(
    () => () => {
      if (objectUrl.current) URL.revokeObjectURL(objectUrl.current);
      objectUrl.current = null;
    },
    [],
  );

  async function toggle() {
    const element = audio.current;
    if (!element) return;
    if (!element.paused) return element.pause();
    if (!objectUrl.current) {
      setLoading(true);
      try {
        const blob = await queryClient.fetchQuery(tagAudioQueryOptions(url, version));
        objectUrl.current = URL.createObjectURL(blob);
        element.src = objectUrl.current;
      } catch (error) {
        toast.error(errorMessage(error, 'The tag could not be loaded'));
        return;
      } finally {
        setLoading(false);
      }
    }
    // One sound at a time: a beat playing in the store's player pauses.
    if (store.isPlaying) store.toggle();
    element.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'AbortError') return;
      toast.error('The tag could not be played.');
    });
  }

  const percent = length > 0 ? Math.min(100, (time / length) * 100) : 0;

  return (
    <div className={['tag-player', playing && 'is-playing'].filter(Boolean).join(' ')}>
      <IconButton
        variant="primary"
        className="tag-player__button"
        label={playing ? 'Pause tag' : 'Play tag'}
        icon={playing ? <Pause aria-hidden="true" fill="currentColor" /> : <Play aria-hidden="true" fill="currentColor" />}
        busy={loading}
        onClick={() => void toggle()}
      />
      <span className="tag-player__track" aria-hidden="true">
        <span style={{ width: `${percent}%` }} />
      </span>
      <span className="tag-player__time">
        {formatSeconds(time)} / {formatSeconds(length)}
      </span>
      <audio
        ref={audio}
        preload="none"
        hidden
        onPlay={() => setPlaying(true)}
        onPause={() => setPlaying(false)}
        onEnded={() => {
          setPlaying(false);
          setTime(0);
        }}
        onTimeUpdate={(event) => setTime(event.currentTarget.currentTime)}
        onDurationChange={(event) => {
          const seconds = event.currentTarget.duration;
          if (Number.isFinite(seconds) && seconds > 0) setLength(seconds);
        }}
      />
    </div>
  );
}
