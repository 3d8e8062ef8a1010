/** / and /beats: search, NEW EXCLUSIVES carousel, the VIP upsell and the VIP CATALOG list (docs/product/screens-and-words.md#catalog-page). */
import { Suspense } from 'react';
import {
  ExclusivesSection,
  FilterBar,
  SearchBox,
  VipCatalogSection,
  allPriceSteps,
  useCatalogFilters,
  useSearchQuery,
} from '../../features/catalog';
import { VipBanner } from '../../features/vip-upsell';
import './store-pages.css';

export function CatalogPage() {
  const search = useSearchQuery();
  const filterState = useCatalogFilters();
  const { filters, clearAll } = filterState;

  return (
    <div className="store-page">
      <title>Beat Market — beats, stems and exclusives</title>
      <Suspense fallback={null}>
        <div className="store-top">
          <header className="store-hero">
            <div className="store-hero__copy">
              <p className="eyebrow store-hero__eyebrow">Beat Market</p>
              <h1 className="store-hero__title">
                Find the beat that <span className="store-hero__accent">moves you</span>
              </h1>
              <p className="store-hero__lead">
                Preview everything, grab an exclusive before its clock runs out, or unlock the whole VIP catalog.
              </p>
            </div>
            <SearchBox value={search.input} onChange={search.setInput} busy={search.isDebouncing} className="store-hero__search" />
          </header>
          <FilterBar state={filterState} q={search.q} priceSteps={allPriceSteps} />
        </div>
      </Suspense>

      <Suspense fallback={null}>
        <ExclusivesSection
          q={search.q}
          filters={filters}
          onClearFilters={clearAll}
          layout="carousel"
          subtitle="One buyer each: an exclusive leaves the store once it is sold."
        />
      </Suspense>
      <VipBanner />
      <VipCatalogSection
        q={search.q}
        filters={filters}
        onClearFilters={clearAll}
        id="vip-catalog-heading"
        title="VIP CATALOG"
        subtitle={search.q ? `Results for “${search.q}”` : 'Non-exclusive beats — press play on any row, the list plays on.'}
      />
    </div>
  );
}
