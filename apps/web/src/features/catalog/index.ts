/** Public surface of features/catalog: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { ExclusivesSection } from './components/exclusives-section';
export { VipCatalogSection } from './components/vip-catalog-section';
export { BeatList } from './components/beat-list';
export { SearchBox } from './components/search-box';
export { useSearchQuery } from './hooks/use-search-query';
export { beatsQueryKey } from './api/get-beats';
export { changeBeatType } from './api/change-beat-type';
export { Countdown } from './components/countdown';
export { formatReleaseDate } from './lib/release-date';
export { FilterBar } from './components/filter-bar';
export { allPriceSteps, exclusivePriceSteps, leasePriceSteps } from './components/filter-options';
export { useCatalogFilters } from './hooks/use-catalog-filters';
export { appendApiFilters, type CatalogFilters } from './lib/catalog-filters';
