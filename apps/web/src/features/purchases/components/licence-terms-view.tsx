/**
 * /licenses/terms/{offer}: an offer's full license terms, for anyone to read before paying — the short list of what
 * it allows, then the text of its license PDF with each placeholder reading as what fills it for a sale
 * (docs/product/licenses.md#terms).
 */
import { Fragment } from 'react';
import { Info } from 'lucide-react';
import { Link } from 'react-router';
import {
  fillPlaceholders,
  licenceOfferLabels,
  licenceOffers,
  licencePlaceholderHints,
  licenceSummaryLines,
  licenceTermsPath,
  type LicenceOffer,
  type LicenceTerms,
} from '@beat/shared';
import { ButtonLink } from '../../../components/ui/button';
import { TextPage } from '../../../components/text-page/text-page';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { useLicenceTerms } from '../api/get-licence-terms';
import { formatPurchaseDate } from '../lib/format-date';
import './licence-terms-view.css';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** The hints ("[the buyer's name]") as one pattern, to set them apart from the text around them. */
const hintPattern = new RegExp(`(${Object.values(licencePlaceholderHints).map(escapeRegExp).join('|')})`);

/** The body as the PDF lays it out: paragraphs split at blank lines, the lines of each joined. */
function paragraphsOf(body: string): string[] {
  return fillPlaceholders(body, {})
    .split(/\n\s*\n/)
    .map((p) => p.replace(/\s*\n\s*/g, ' ').trim())
    .filter(Boolean);
}

function Paragraph({ text }: { text: string }) {
  return (
    <p>
      {text.split(hintPattern).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} className="licence-terms-view__blank">
            {part}
          </span>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </p>
  );
}

export function LicenceTermsView({ offer }: { offer: LicenceOffer }) {
  const query = useLicenceTerms(offer);
  const label = licenceOfferLabels[offer];
  const terms = query.data;
  return (
    <TextPage
      documentTitle={terms?.title ?? `${label} license terms`}
      eyebrow={`${label} license terms`}
      title={terms?.title ?? `${label} license`}
      meta={
        terms && (
          <>
            Version {terms.version} · in force since <time dateTime={terms.updatedAt}>{formatPurchaseDate(terms.updatedAt)}</time>
          </>
        )
      }
      state={{
        error: query.isError ? `These terms could not be loaded: ${errorMessage(query.error)}` : null,
        loading: terms ? null : `Loading the ${label} license terms`,
        retry: () => void query.refetch(),
      }}
      footer={
        <nav className="licence-terms-view__others" aria-label="Other license terms">
          <p className="licence-terms-view__others-label">Other licenses</p>
          <ul>
            {licenceOffers
              .filter((other) => other !== offer)
              .map((other) => (
                <li key={other}>
                  <Link to={licenceTermsPath(other)}>{licenceOfferLabels[other]}</Link>
                </li>
              ))}
          </ul>
          <ButtonLink to={paths.beats} size="sm" variant="secondary">
            Browse the beats
          </ButtonLink>
        </nav>
      }
    >
      {terms && <TermsContent terms={terms} />}
    </TextPage>
  );
}

function TermsContent({ terms }: { terms: LicenceTerms }) {
  return (
    <>
      <section className="licence-terms-view__summary" aria-labelledby="licence-terms-summary">
        <h2 id="licence-terms-summary" className="licence-terms-view__heading">
          At a glance
        </h2>
        <ul className="licence-terms-view__lines">
          {licenceSummaryLines(terms).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </section>
      <section className="licence-terms-view__text" aria-labelledby="licence-terms-text">
        <h2 id="licence-terms-text" className="licence-terms-view__heading">
          Full terms
        </h2>
        {paragraphsOf(terms.body).map((text, i) => (
          // Paragraphs have no id of their own; their order is the text's.
          <Paragraph key={i} text={text} />
        ))}
      </section>
      <p className="licence-terms-view__note">
        <Info aria-hidden="true" />
        <span>
          These are the terms in force today. A license keeps the terms in force when it was bought: they are the ones its license
          PDF carries, with the bracketed parts filled in for the buyer, the beat and the sale.
        </span>
      </p>
    </>
  );
}
