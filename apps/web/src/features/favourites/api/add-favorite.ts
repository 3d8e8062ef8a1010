/** POST /api/favorites: adds a Non-Exclusive beat to the user's favourites. */
import { api } from '../../../lib/api-client';

export interface FavoriteInput {
  userId: string;
  beatId: string;
}

export function addFavorite(input: FavoriteInput): Promise<{ message: string }> {
  return api<{ message: string }>('/api/favorites', { method: 'POST', body: input });
}
