/** /vip: the VIP CATALOG page — intro video, the offer, and the beats included with search (docs/product/screens-and-words.md#screens). */
import { Crown } from 'lucide-react';
import { use } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchStoreConfig, useStoreConfig } from '../../lib/store-config';
import { FilterBar, SearchBox, VipCatalogSection, leasePriceSteps, useCatalogFilters, useSearchQuery } from '../../features/catalog';
import { useAuth } from '../../features/auth';
import { VipBanner, vipPlanFeatures } from '../../features/vip-upsell';
import { IntroVideo } from '../../features/store-pages';
import './store-pages.css';

export function VipPage() {
  const search = useSearchQuery();
  const filterState = useCatalogFilters();
  const { user } = useAuth();
  // The text names the catalog's size: rendered once the config is in, so no line grows after.
  use(prefetchStoreConfig(useQueryClient()));
  const config = useStoreConfig();
  const isVip = user?.userType === 'vipUser';

  return (
    <div className="store-page">
      <title>VIP Catalog · Beat Market</title>
      <header className="vip-hero">
        <div className="vip-hero__copy">
          <p className="eyebrow store-hero__eyebrow">
            <Crown aria-hidden="true" /> Membership
          </p>
          <h1 className="store-hero__title">VIP CATALOG</h1>
          <p className="store-hero__lead">
            {config.data ? `All ${config.data.vipCatalogSize} beats` : 'Every beat'} of the catalog in MP3 and WAV, with non-exclusive
            licenses and 100% of your royalties — for one payment.
          </p>
          <ul className="vip-hero__perks">
            {vipPlanFeatures.map((feature) => (
              <li key={feature}>{feature}</li>
            ))}
          </ul>
          {isVip && (
            <p className="vip-hero__member">
              <Crown aria-hidden="true" /> You are a VIP Member — every beat below is yours to download.
            </p>
          )}
        </div>
        <IntroVideo />
      </header>

      <VipBanner />

      <VipCatalogSection
        q={search.q}
        filters={filterState.filters}
        onClearFilters={filterState.clearAll}
        toolbar={<FilterBar state={filterState} q={search.q} type="Non-Exclusive" priceSteps={leasePriceSteps} />}
        id="beats-included-heading"
        title="Beats included"
        visitorDownloadTarget="signup"
        actions={<SearchBox value={search.input} onChange={search.setInput} busy={search.isDebouncing} className="store-search" />}
      />
    </div>
  );
}
