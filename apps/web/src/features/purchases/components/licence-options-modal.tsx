/**
 * The license-options modal of a purchased exclusive ('My Exclusive Beats', docs/product/screens-and-words.md#account-pages): what the licence grants,
 * the licence agreement (PDF), and the files to download.
 */
import { Check, X } from 'lucide-react';
import type { PurchasedBeat } from '@beat/shared';
import { Modal } from '../../../components/ui/modal';
import { DownloadLinks } from '../../downloads';
import { formatPurchaseDate } from '../lib/format-date';
import { LicenceButton } from './licence-button';

const exclusiveRights: Array<[string, boolean]> = [
  ['MP3 file', true],
  ['WAV file', true],
  ['Stems', true],
  ['Exclusive rights: the beat left the store', true],
  ['100% royalties', true],
  ['FREE mixing/mastering (time-limited)', true],
];

export interface LicenceOptionsModalProps {
  beat: PurchasedBeat;
  open: boolean;
  onClose: () => void;
}

export function LicenceOptionsModal({ beat, open, onClose }: LicenceOptionsModalProps) {
  return (
    <Modal open={open} onClose={onClose} title="License options" description={`${beat.beatTitle} · Exclusive License`} size="md">
      <div className="lo">
        <p className="lo__meta">Purchased on: {formatPurchaseDate(beat.purchasedAt)}</p>
        <ul className="lo__rights" aria-label="What your license grants">
          {exclusiveRights.map(([label, granted]) => (
            <li key={label}>
              {granted ? <Check aria-hidden="true" className="lo__yes" /> : <X aria-hidden="true" className="lo__no" />}
              {label}
            </li>
          ))}
        </ul>
        <section className="lo__section" aria-labelledby="lo-agreement">
          <h3 id="lo-agreement" className="lo__heading">
            License agreement
          </h3>
          <p className="lo__text">The signed terms of your exclusive license, with your name, the beat, the date and the price.</p>
          <LicenceButton purchaseId={beat.purchaseId} itemName={beat.beatTitle} variant="primary" size="md" label="Download license (PDF)" />
        </section>
        <section className="lo__section" aria-labelledby="lo-files">
          <h3 id="lo-files" className="lo__heading">
            Files
          </h3>
          <DownloadLinks beat={beat} nameWithTitle={false} size="sm" empty={<p className="lo__text">Your files are being prepared.</p>} />
        </section>
      </div>
    </Modal>
  );
}
