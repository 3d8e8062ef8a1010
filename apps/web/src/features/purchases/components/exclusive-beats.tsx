/** 'My Exclusive Beats' (docs/product/screens-and-words.md#account-pages): 'Purchased on: {MM/DD/YYYY}', title, BPM, tags, a player and the license-options modal. */
import { useState } from 'react';
import { Pause, Play, ScrollText } from 'lucide-react';
import type { PurchasedBeat } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Equalizer } from '../../../components/beat/equalizer';
import { Button } from '../../../components/ui/button';
import { canPlay, useBeatPlayback, usePlayerControls } from '../../player';
import { formatPurchaseDate } from '../lib/format-date';
import { LicenceOptionsModal } from './licence-options-modal';

export function ExclusiveBeats({ beats }: { beats: PurchasedBeat[] }) {
  return (
    <ul className="xb-list" aria-label="My exclusive beats">
      {beats.map((beat) => (
        <ExclusiveBeatCard key={beat._id} beat={beat} queue={beats} />
      ))}
    </ul>
  );
}

function ExclusiveBeatCard({ beat, queue }: { beat: PurchasedBeat; queue: PurchasedBeat[] }) {
  const { play, toggle } = usePlayerControls();
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  const [open, setOpen] = useState(false);
  const playLabel = isPlaying ? `Pause ${beat.beatTitle}` : `Play ${beat.beatTitle}`;

  return (
    <li className={['xb-card', isCurrent && 'xb-card--current'].filter(Boolean).join(' ')}>
      <div className="xb-card__media">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="xb-card__art" />
        {/* A sold exclusive may have no store preview any more: its files are in the licence options. */}
        {canPlay(beat) && (
          <button
            type="button"
            className="xb-card__play"
            aria-label={playLabel}
            title={playLabel}
            onClick={() => (isCurrent ? toggle() : play(beat, queue, { purchased: true }))}
          >
            {isPlaying ? <Pause aria-hidden="true" fill="currentColor" /> : <Play aria-hidden="true" fill="currentColor" />}
          </button>
        )}
        {isPlaying && <Equalizer className="xb-card__eq" />}
      </div>
      <div className="xb-card__body">
        <p className="xb-card__date">{commerceMessages.purchasedOn(formatPurchaseDate(beat.purchasedAt))}</p>
        <h3 className="xb-card__title">{beat.beatTitle}</h3>
        <p className="xb-card__meta">
          {beat.artistName} · {beat.bpm} BPM
        </p>
        {beat.tags.length > 0 && (
          <ul className="xb-card__tags" aria-label="Tags">
            {beat.tags.slice(0, 5).map((tag) => (
              <li key={tag}>#{tag}</li>
            ))}
          </ul>
        )}
      </div>
      <div className="xb-card__actions">
        <Button size="sm" variant="secondary" icon={<ScrollText aria-hidden="true" />} aria-haspopup="dialog" onClick={() => setOpen(true)}>
          License options
        </Button>
      </div>
      <LicenceOptionsModal beat={beat} open={open} onClose={() => setOpen(false)} />
    </li>
  );
}
