/**
 * An offer's terms as buyers read them before paying (docs/product/licenses.md#terms): the title, the short list of
 * what the license allows (`licenceSummaryLines`, the same lines as the PDF) and a link to the full text. Open, or
 * folded into a `<details>` where room is short (offer cards, the order summary).
 *
 *   <LicenseTermsSummary offer="lease" collapsible />
 */
import { Link } from 'react-router';
import { ScrollText } from 'lucide-react';
import { isLicenceOffer, licenceOfferLabels, licenceSummaryLines, licenceTermsPath, type TermsKey } from '@beat/shared';
import { useTermsInForce } from '../api/get-licence-terms';
import './licence-terms-summary.css';

export interface LicenseTermsSummaryProps {
  /** A fixed offer (`lease`, `stems`…) or a licence tier's key (`wav`…). */
  offer: TermsKey;
  /** How the screens name the offer; default: the fixed offer's label. A tier's terms pass the tier's name. */
  name?: string;
  /** Folded into a `<details>` that opens on demand. */
  collapsible?: boolean;
  /**
   * The folded summary's visible words; default "License terms", completed for assistive technology with the
   * offer's name (several offers' terms may be on one screen).
   */
  label?: string;
  className?: string;
}

export function LicenseTermsSummary({ offer, name, collapsible = false, label, className }: LicenseTermsSummaryProps) {
  const offerName = name ?? (isLicenceOffer(offer) ? licenceOfferLabels[offer] : offer);
  const classes = ['lts', collapsible && 'lts--collapsible', className].filter(Boolean).join(' ');
  if (!collapsible) {
    return (
      <div className={classes}>
        <TermsBody offer={offer} name={offerName} />
      </div>
    );
  }
  return (
    <details className={classes}>
      <summary className="lts__summary">
        <ScrollText aria-hidden="true" />
        {label ?? (
          <>
            License terms<span className="visually-hidden"> ({offerName})</span>
          </>
        )}
      </summary>
      <TermsBody offer={offer} name={offerName} />
    </details>
  );
}

function TermsBody({ offer, name }: { offer: TermsKey; name: string }) {
  const terms = useTermsInForce(offer);
  return (
    <div className="lts__body">
      {terms.data ? (
        <>
          <p className="lts__title">{terms.data.title}</p>
          <ul className="lts__lines">
            {licenceSummaryLines(terms.data).map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </>
      ) : (
        <p className="lts__state">{terms.isPending ? 'Loading the license terms…' : 'The short list of these terms could not be loaded.'}</p>
      )}
      <Link to={licenceTermsPath(offer)} className="lts__link">
        Read the full license<span className="visually-hidden"> ({name})</span>
      </Link>
    </div>
  );
}
