export { ExclusivesSection } from './components/exclusives-section';
export { VipCatalogSection } from './components/vip-catalog-section';
export { BeatList } from './components/beat-list';
export { SearchBox } from './components/search-box';
export { useSearchQuery } from './hooks/use-search-query';
export { useStoreConfig } from './api/get-store-config';
export { useLocalCart, CART_STORAGE_KEY, CART_CHANGE_EVENT, type CartItem } from './hooks/use-local-cart';
