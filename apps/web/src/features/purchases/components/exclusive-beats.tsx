/** 'My Exclusive Beats' (docs/product/screens-and-words.md#account-pages): 'Purchased on: {MM/DD/YYYY}', title, BPM, tags, a player and the license-options modal. */
import { useState } from 'react';
import { ScrollText } from 'lucide-react';
import type { PurchasedBeat } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Equalizer } from '../../../components/beat/equalizer';
import { Button } from '../../../components/ui/button';
import { CardPlayButton, useBeatPlayback } from '../../player';
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
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  const [open, setOpen] = useState(false);

  return (
    <li className={['card', 'xb-card', isCurrent && 'xb-card--current'].filter(Boolean).join(' ')}>
      <div className="xb-card__media">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="xb-card__art" />
        {/* A sold exclusive may have no store preview any more: its files are in the licence options. */}
        <CardPlayButton beat={beat} queue={queue} className="xb-card__play" options={{ purchased: true }} />
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
