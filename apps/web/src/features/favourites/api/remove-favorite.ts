/** DELETE /api/favorites: removes a beat from the user's favourites. */
import { api } from '../../../lib/api-client';
import type { FavoriteInput } from './add-favorite';

export function removeFavorite(input: FavoriteInput): Promise<{ message: string }> {
  return api<{ message: string }>('/api/favorites', { method: 'DELETE', body: input });
}
