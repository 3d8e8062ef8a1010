/**
 * Admin → Licenses (docs/product/licenses.md#terms, #tiers): a tab for the terms of each licence tier, in the tiers'
 * order, then of the other offers (Stems, VIP Plan, Credit unlock), each with its editor. What the admin typed in one
 * tab is kept while another is open, until it is saved.
 */
import { useState } from 'react';
import { licenceOfferLabels, licenceOffers, type LicenceTermsListResponse, type TierTerms } from '@beat/shared';
import { useAdminLicenceTerms } from '../api/get-admin-licence-terms';
import { useAdminTiers } from '../api/get-admin-tiers';
import type { LicenceTermsDraft } from '../lib/licence-terms-draft';
import { LicenceTermsEditor } from './licence-terms-editor';
import { AdminCard } from './admin-card';
import { QueryContent } from './query-content';
import { Tabs } from './tabs';
import './admin-table.css';
import './licence-terms.css';

interface TermsTab {
  key: string;
  label: string;
  terms: TierTerms | undefined;
}

/**
 * The tabs: each tier (the MP3 Lease and the Exclusive are tiers with fixed-offer terms) in the tiers' order, then the
 * fixed offers that are not tiers. Until the tiers come, the tiers' terms follow the order the server answered them in.
 */
function termsTabs(list: LicenceTermsListResponse, tiers: { key: string; name: string }[] | undefined): TermsTab[] {
  const fixed = (offer: string) => list.terms.find((t) => t.offer === offer);
  const tierTerms = (key: string) => list.tierTerms.find((t) => t.offer === key) ?? fixed(key);
  const tierList = tiers ?? [
    { key: 'lease', name: licenceOfferLabels.lease },
    ...list.tierTerms.map((t) => ({ key: t.offer, name: t.title })),
    { key: 'exclusive', name: licenceOfferLabels.exclusive },
  ];
  const tierKeys = new Set(tierList.map((t) => t.key));
  return [
    ...tierList.map((t) => ({ key: t.key, label: t.name, terms: tierTerms(t.key) })),
    ...licenceOffers.filter((offer) => !tierKeys.has(offer)).map((offer) => ({ key: offer, label: licenceOfferLabels[offer], terms: fixed(offer) })),
  ];
}

export function LicenceTermsPanels() {
  const list = useAdminLicenceTerms();
  const tiers = useAdminTiers();
  const [active, setActive] = useState('lease');
  const [drafts, setDrafts] = useState<Partial<Record<string, LicenceTermsDraft>>>({});

  const setDraft = (key: string, draft: LicenceTermsDraft | undefined) =>
    setDrafts((all) => {
      const next = { ...all };
      if (draft) next[key] = draft;
      else delete next[key];
      return next;
    });

  return (
    <AdminCard
      className="licence-terms"
      title="Terms of each license"
      lead={
        <>
          The title and text printed on each buyer&rsquo;s license PDF, and the numbers buyers compare. Saving makes a new version, in force
          at once; licenses already sold keep the terms they were bought under.
        </>
      }
    >
      <QueryContent query={list} errorLead="The license terms could not be loaded" loadingLabel="Loading the license terms">
        {(data) => (
          <Tabs
            label="Licenses"
            active={active}
            onChange={setActive}
            tabs={termsTabs(data, tiers.data?.tiers).map(({ key, label, terms }) => ({
              id: key,
              label,
              panel: terms ? (
                <LicenceTermsEditor
                  key={key}
                  terms={terms}
                  label={label}
                  draft={drafts[key]}
                  onDraft={(draft) => setDraft(key, draft)}
                  onReload={async () => {
                    await list.refetch();
                    setDraft(key, undefined);
                  }}
                />
              ) : (
                <p className="admin-state">No terms are stored for {label}.</p>
              ),
            }))}
          />
        )}
      </QueryContent>
    </AdminCard>
  );
}
