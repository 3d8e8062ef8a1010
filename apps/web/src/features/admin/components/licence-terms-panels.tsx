/**
 * Admin → Licenses (docs/product/licenses.md#terms): a tab for each offer's terms, each with its editor. What the
 * admin typed in one tab is kept while another is open, until it is saved.
 */
import { useId, useState } from 'react';
import { licenceOfferLabels, licenceOffers, type LicenceOffer } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { useAdminLicenceTerms } from '../api/get-admin-licence-terms';
import type { LicenceTermsDraft } from '../lib/licence-terms-draft';
import { LicenceTermsEditor } from './licence-terms-editor';
import { LoadError } from './load-error';
import { Tabs } from './tabs';
import './admin-table.css';
import './licence-terms.css';

export function LicenceTermsPanels() {
  const headingId = useId();
  const list = useAdminLicenceTerms();
  const [active, setActive] = useState<LicenceOffer>('lease');
  const [drafts, setDrafts] = useState<Partial<Record<LicenceOffer, LicenceTermsDraft>>>({});

  const setDraft = (offer: LicenceOffer, draft: LicenceTermsDraft | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (draft) next[offer] = draft;
      else delete next[offer];
      return next;
    });

  return (
    <section className="admin-card licence-terms" aria-labelledby={headingId}>
      <div>
        <h2 id={headingId} className="admin-card__title">
          Terms of each license
        </h2>
        <p className="admin-card__lead">
          The title and text printed on each buyer&rsquo;s license PDF, and the numbers buyers compare. Saving makes a new version, in force
          at once; licenses already sold keep the terms they were bought under.
        </p>
      </div>
      {list.isError ? (
        <LoadError query={list} lead="The license terms could not be loaded" />
      ) : !list.data ? (
        <Spinner label="Loading the license terms" />
      ) : (
        <Tabs
          label="Licenses"
          active={active}
          onChange={setActive}
          tabs={licenceOffers.map((offer) => {
            const terms = list.data.terms.find((t) => t.offer === offer);
            return {
              id: offer,
              label: licenceOfferLabels[offer],
              panel: terms ? (
                <LicenceTermsEditor
                  key={offer}
                  terms={terms}
                  draft={drafts[offer]}
                  onDraft={(draft) => setDraft(offer, draft)}
                  onReload={async () => {
                    await list.refetch();
                    setDraft(offer, undefined);
                  }}
                />
              ) : (
                <p className="admin-state">No terms are stored for {licenceOfferLabels[offer]}.</p>
              ),
            };
          })}
        />
      )}
    </section>
  );
}
