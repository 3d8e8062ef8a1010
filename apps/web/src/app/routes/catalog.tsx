/** / and /beats: search, NEW EXCLUSIVES carousel, the VIP upsell and the VIP CATALOG list (docs/product/screens-and-words.md#catalog-page). */
import { use } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { prefetchStoreConfig, useStoreConfig } from '../../lib/store-config';
import { ExclusivesSection, SearchBox, VipCatalogSection, useSearchQuery } from '../../features/catalog';
import { VipBanner } from '../../features/vip-upsell';
import './store-pages.css';

export function CatalogPage() {
  const search = useSearchQuery();
  // The text names the catalog's size: drawn once the config is in, so no line grows after.
  use(prefetchStoreConfig(useQueryClient()));
  const config = useStoreConfig();
  const size = config.data?.vipCatalogSize;

  return (
    <div className="store-page">
      <title>Beat Market — beats, stems and exclusives</title>
      <header className="store-hero">
        <div className="store-hero__copy">
          <p className="store-hero__eyebrow">Beat Market</p>
          <h1 className="store-hero__title">
            Find the beat that <span className="store-hero__accent">moves you</span>
          </h1>
          <p className="store-hero__lead">
            Preview everything, grab an exclusive before its clock runs out, or unlock the whole VIP catalog
            {size ? ` of ${size} beats` : ''}.
          </p>
        </div>
        <SearchBox value={search.input} onChange={search.setInput} busy={search.isDebouncing} className="store-hero__search" />
      </header>

      <ExclusivesSection q={search.q} layout="carousel" subtitle="One buyer each: an exclusive leaves the store once it is sold." />
      <VipBanner />
      <VipCatalogSection
        q={search.q}
        id="vip-catalog-heading"
        title="VIP CATALOG"
        subtitle={search.q ? `Results for “${search.q}”` : 'Non-exclusive beats — press play on any row, the list plays on.'}
      />
    </div>
  );
}
