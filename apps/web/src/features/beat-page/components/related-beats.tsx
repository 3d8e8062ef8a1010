/** "More like this": the related beats as cards, each a link to its own page with a play button on its artwork. */
import { Link } from 'react-router';
import { beatPageMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Equalizer } from '../../../components/beat/equalizer';
import { beatPath } from '../../../config/paths';
import { formatPrice } from '../../../lib/format';
import { CardPlayButton, useBeatPlayback } from '../../player';
import type { Beat } from '@beat/shared';

export function RelatedBeats({ beats }: { beats: readonly Beat[] }) {
  if (beats.length === 0) return null;
  return (
    <section className="bp-related" aria-labelledby="bp-related-title">
      <h2 id="bp-related-title" className="section-heading bp-section-title">
        {beatPageMessages.moreLikeThis}
      </h2>
      <ul className="bp-related__list">
        {beats.map((beat) => (
          <RelatedCard key={beat._id} beat={beat} queue={beats} />
        ))}
      </ul>
    </section>
  );
}

function RelatedCard({ beat, queue }: { beat: Beat; queue: readonly Beat[] }) {
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  const facts = [`${beat.bpm} BPM`, beat.musicalKey].filter(Boolean).join(' · ');
  return (
    <li className={['card', 'bp-rcard', isCurrent && 'bp-rcard--current'].filter(Boolean).join(' ')}>
      <div className="bp-rcard__media">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="bp-rcard__art" />
        {beat.beatType === 'Exclusive' && <span className="art-badge bp-rcard__badge">Exclusive</span>}
        {isPlaying && <Equalizer className="bp-rcard__eq" />}
        <CardPlayButton beat={beat} queue={queue} className="bp-rcard__play" />
      </div>
      <div className="bp-rcard__body">
        <h3 className="bp-rcard__title">
          <Link to={beatPath(beat.slug)} className="bp-rcard__link">
            {beat.beatTitle}
          </Link>
        </h3>
        <p className="bp-rcard__artist">{beat.artistName}</p>
        <p className="bp-rcard__meta">
          <span>{facts}</span>
          {beat.price !== null && <span className="bp-rcard__price">{formatPrice(beat.price)}</span>}
        </p>
      </div>
    </li>
  );
}
