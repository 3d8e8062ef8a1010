/** 'Purchased Stems' (docs/product/screens-and-words.md#account-pages): a grid of cards, each with 'Download Stems' and its licence. */
import type { PurchasedBeat } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { DownloadLinks } from '../../downloads';
import { formatPurchaseDate } from '../lib/format-date';
import { LicenceButton } from './licence-button';

export function PurchasedStems({ beats }: { beats: PurchasedBeat[] }) {
  return (
    <ul className="ps-grid" aria-label="Purchased stems">
      {beats.map((beat) => (
        <li key={beat._id} className="card ps-card">
          <BeatArtwork id={beat._id} title={beat.beatTitle} className="ps-card__art" />
          <div className="ps-card__body">
            <h3 className="ps-card__title">{beat.beatTitle}</h3>
            <p className="ps-card__meta">
              {beat.bpm} BPM · {commerceMessages.purchasedOn(formatPurchaseDate(beat.purchasedAt))}
            </p>
          </div>
          <div className="ps-card__actions">
            <DownloadLinks beat={beat} only={['stems']} size="sm" variant="primary" />
            <LicenceButton purchaseId={beat.purchaseId} itemName={`stems of ${beat.beatTitle}`} />
          </div>
        </li>
      ))}
    </ul>
  );
}
