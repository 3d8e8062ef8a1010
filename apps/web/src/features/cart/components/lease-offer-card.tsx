/**
 * The card of the MP3 lease or of the stems, the same on the beat page and in the download pop-up: its icon, name,
 * words and license terms; the screen gives the price and the buttons.
 */
import { FileAudio, Layers } from 'lucide-react';
import { OfferCard, type OfferCardProps } from '../../../components/offer-card/offer-card';
import { offerTexts } from '../../../components/offer-card/offer-texts';
import { LicenseTermsSummary } from './licence-terms-summary';

const looks = {
  lease: { icon: <FileAudio />, name: 'MP3 lease' },
  stems: { icon: <Layers />, name: 'Stems' },
};

export function LeaseOfferCard({ offer, ...card }: { offer: 'lease' | 'stems' } & Pick<OfferCardProps, 'price' | 'actions' | 'compact' | 'headingLevel'>) {
  return (
    <OfferCard
      {...card}
      {...looks[offer]}
      note={offerTexts[offer].note}
      features={offerTexts[offer].features}
      terms={<LicenseTermsSummary offer={offer} collapsible />}
    />
  );
}
