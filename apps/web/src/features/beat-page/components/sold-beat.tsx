/**
 * What a sold exclusive's page offers in place of 'Get this beat' (docs/product/screens-and-words.md#beat-page): that it
 * was sold, and for its buyer the files to download and where else they are; anyone else is pointed to the exclusives
 * still for sale.
 */
import { ArrowRight, BadgeCheck } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { beatPageMessages } from '@beat/shared/messages';
import { ButtonLink } from '../../../components/ui/button';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';
import { DownloadLinks, useDownloadRights } from '../../downloads';

export function SoldBeat({ beat }: { beat: Beat }) {
  const { user } = useAuth();
  const rights = useDownloadRights(beat._id);
  const owns = rights.data?.rights;
  const isBuyer = user !== null && owns !== undefined && (owns.mp3 || owns.wav || owns.stems);

  return (
    <section className="bp-offers bp-sold" aria-labelledby="bp-sold-title">
      <h2 id="bp-sold-title" className="section-heading bp-section-title">
        {beatPageMessages.sold}
      </h2>
      <p className="bp-sold__note">{beatPageMessages.soldNote}</p>
      {isBuyer ? (
        <section className="bp-panel bp-panel--files" aria-labelledby="bp-files-title">
          <div className="bp-sold__buyer">
            <h3 id="bp-files-title" className="bp-panel__title">
              <BadgeCheck aria-hidden="true" /> Your downloads
            </h3>
            <p>{beatPageMessages.soldToYou}</p>
          </div>
          <DownloadLinks beat={beat} variant="primary" nameWithTitle={false} />
          <ButtonLink variant="ghost" to={paths.userDashboard} iconEnd={<ArrowRight aria-hidden="true" />}>
            {beatPageMessages.yourDashboard}
          </ButtonLink>
        </section>
      ) : (
        <ButtonLink className="bp-sold__browse" variant="secondary" to={paths.exclusives} iconEnd={<ArrowRight aria-hidden="true" />}>
          {beatPageMessages.soldBrowse}
        </ButtonLink>
      )}
    </section>
  );
}
