export { FavouriteButton } from './components/favourite-button';
export { useToggleFavourite } from './hooks/use-toggle-favourite';
export { useFavorites, getFavoritesQueryOptions, favoritesQueryKey } from './api/get-favorites';
