/** /licenses/terms/{offer}: an offer's full license terms, read before buying (docs/product/licenses.md#terms). */
import { useParams } from 'react-router';
import { ArrowLeft } from 'lucide-react';
import { licenceOfferLabels, licenceOffers, licenceTermsPath, type LicenceOffer } from '@beat/shared';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { LicenceTermsView } from '../../features/purchases';
import { StatusPage } from '../layout/status-page';

const isOffer = (value: string | undefined): value is LicenceOffer => licenceOffers.includes(value as LicenceOffer);

export function LicenseTermsPage() {
  const { offer } = useParams();
  if (!isOffer(offer)) return <UnknownLicence />;
  return <LicenceTermsView key={offer} offer={offer} />;
}

/** The not-found look, pointing at the licenses there are. */
function UnknownLicence() {
  return (
    <>
      <title>License terms not found · Beat Market</title>
      <StatusPage
        bareArt
        art={<span className="status-page__code">404</span>}
        title="No such license"
        actions={
          <>
            {licenceOffers.map((offer) => (
              <ButtonLink key={offer} to={licenceTermsPath(offer)} size="sm" variant="secondary">
                {licenceOfferLabels[offer]}
              </ButtonLink>
            ))}
            <ButtonLink to={paths.home} size="sm" variant="ghost" icon={<ArrowLeft />}>
              Back to the catalog
            </ButtonLink>
          </>
        }
      >
        <p>There are no license terms at this address. These are the store&rsquo;s licenses: pick one to read its terms.</p>
      </StatusPage>
    </>
  );
}
