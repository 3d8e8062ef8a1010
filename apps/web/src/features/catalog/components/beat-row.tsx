/**
 * One Non-Exclusive beat in a list: number, play control (equalizer while playing), title, BPM, tags, its price with
 * Add to Cart (or "VIP" when only the plan reaches it), heart, download (docs/product/screens-and-words.md#beat-rows-and-cards).
 */
import { memo } from 'react';
import { Link } from 'react-router';
import { Check, Pause, Play } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { BeatTags } from '../../../components/beat/beat-tags';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Equalizer } from '../../../components/beat/equalizer';
import { beatPath } from '../../../config/paths';
import { FavouriteButton } from '../../favourites';
import { canPlay, useBeatPlayback, usePlayerControls } from '../../player';
import { formatReleaseDate } from '../lib/release-date';
import { DownloadButton, useOwnedBeats, type VisitorAuthTarget } from '../../downloads';
import { useAuth } from '../../auth';
import { CartToggleButton, useCart } from '../../cart';
import { formatPrice } from '../../../lib/format';
import { FreeDownloadButton } from '../../free-downloads';

export interface BeatRowProps {
  beat: Beat;
  /** Position in the list, from 1. */
  number: number;
  queue: readonly Beat[];
  visitorDownloadTarget: VisitorAuthTarget;
  /** Rows of purchased beats: no heart (docs/product/screens-and-words.md#player). */
  purchased?: boolean;
}

export const BeatRow = memo(function BeatRow({ beat, number, queue, visitorDownloadTarget, purchased = false }: BeatRowProps) {
  const { play, toggle } = usePlayerControls();
  const { isCurrent, isPlaying } = useBeatPlayback(beat._id);
  const playable = canPlay(beat);
  const label = !playable ? `${beat.beatTitle}: no preview yet` : isPlaying ? `Pause ${beat.beatTitle}` : `Play ${beat.beatTitle}`;

  return (
    <li className={['brow', isCurrent && 'brow--current', isPlaying && 'brow--playing'].filter(Boolean).join(' ')}>
      <span className="brow__num" aria-hidden="true">
        {number}
      </span>
      <button
        type="button"
        className="brow__play"
        aria-label={label}
        title={label}
        disabled={!playable}
        onClick={() => (isCurrent ? toggle() : play(beat, queue, { purchased }))}
      >
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="brow__art" />
        <span className="brow__play-icon" hidden={!playable}>
          {isPlaying ? (
            <>
              <Equalizer className="brow__eq" />
              <Pause className="brow__pause" aria-hidden="true" fill="currentColor" />
            </>
          ) : (
            <Play aria-hidden="true" fill="currentColor" />
          )}
        </span>
      </button>
      <div className="brow__main">
        <p className="brow__title" title={beat.beatTitle}>
          {/* A purchased beat may have left the store (a sold exclusive, a deleted beat): its page would be gone. */}
          {purchased ? (
            beat.beatTitle
          ) : (
            <Link to={beatPath(beat.slug)} className="brow__link">
              {beat.beatTitle}
            </Link>
          )}
        </p>
        <p className="brow__sub">
          <span className="brow__artist">{beat.artistName}</span>
          {/* The dot before it is the stylesheet's (beat-list.css), one element fewer a row. */}
          <span className="brow__sub-extra">{beat.bpm} BPM</span>
        </p>
      </div>
      <span className="brow__bpm">
        {beat.bpm}
        <span className="visually-hidden"> BPM</span>
      </span>
      <BeatTags tags={beat.tags} max={4} className="brow__tags" />
      <span className="brow__date">{formatReleaseDate(beat.releaseDate)}</span>
      {!purchased && <RowOffer beat={beat} />}
      <span className="brow__actions">
        {!purchased && <FavouriteButton beat={beat} />}
        {!purchased && <FreeDownloadButton beat={beat} compact />}
        {/* Purchased lists (the dashboard) get the links-only variant of the modal (docs/product/screens-and-words.md#download-modal). */}
        <DownloadButton beat={beat} visitorTarget={visitorDownloadTarget} variant={purchased ? 'dashboard' : 'store'} />
      </span>
    </li>
  );
});

/**
 * The row's offer (docs/product/offers-and-prices.md#primary-offer): the server's price of the beat's primary offer with
 * Add to Cart; "VIP" for a beat only the plan (or a credit) reaches, and for VIP members, whose plan covers it;
 * "Owned" once the user may download its MP3.
 */
function RowOffer({ beat }: { beat: Beat }) {
  const { user } = useAuth();
  const owned = useOwnedBeats();
  const cart = useCart();
  const catalogBeat = beat.beatType === 'Non-Exclusive';
  if (owned.data?.get(beat._id)?.mp3) {
    return (
      <span className="brow__buy">
        <span className="brow__owned">
          <Check aria-hidden="true" />
          Owned
        </span>
      </span>
    );
  }
  if (catalogBeat && (beat.price === null || user?.userType === 'vipUser')) {
    const why = user?.userType === 'vipUser' ? 'in your plan' : 'only with the VIP plan';
    return (
      <span className="brow__buy">
        <span className="brow__vip" title={`VIP: ${why}`}>
          VIP<span className="visually-hidden">: {why}</span>
        </span>
      </span>
    );
  }
  if (beat.price === null) return <span className="brow__buy" />;
  return (
    <span className="brow__buy">
      <span className="brow__price">{formatPrice(beat.price)}</span>
      <CartToggleButton beat={beat} cart={cart} offer={catalogBeat ? 'MP3 lease' : 'exclusive license'} size="sm" />
    </span>
  );
}
