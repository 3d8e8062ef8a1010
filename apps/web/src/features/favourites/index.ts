/** Public surface of features/favourites: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { FavouriteButton } from './components/favourite-button';
export { useFavorites } from './api/get-favorites';
