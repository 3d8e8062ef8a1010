/** /exclusives: every unsold exclusive as a grid, with search (docs/product/screens-and-words.md#screens). */
import { Suspense } from 'react';
import { ExclusivesSection, FilterBar, SearchBox, exclusivePriceSteps, useCatalogFilters, useSearchQuery } from '../../features/catalog';
import './store-pages.css';

export function ExclusivesPage() {
  const search = useSearchQuery();
  const filterState = useCatalogFilters();
  return (
    <div className="store-page">
      <title>New Exclusives · Beat Market</title>
      <Suspense fallback={null}>
        <ExclusivesSection
          q={search.q}
          filters={filterState.filters}
          onClearFilters={filterState.clearAll}
          toolbar={<FilterBar state={filterState} q={search.q} type="Exclusive" priceSteps={exclusivePriceSteps} label="Filter and sort exclusives" />}
          layout="grid"
          headingLevel={1}
          subtitle="Includes Stems, FREE Mixing/Mastering (time-limited), and 100% Royalties"
          actions={<SearchBox value={search.input} onChange={search.setInput} busy={search.isDebouncing} className="store-search" />}
        />
      </Suspense>
    </div>
  );
}
