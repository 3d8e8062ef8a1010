/** PUT /api/admin/store-pages/{slug}: a store page's new Markdown; visitors see it on their next visit. */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { StorePage, StorePageSlug } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { storePageKeys } from '../../store-pages';
import { adminStorePagesKey } from './get-admin-store-pages';

export function saveStorePage({ slug, body }: { slug: StorePageSlug; body: string }): Promise<StorePage> {
  return api<StorePage>(`/api/admin/store-pages/${slug}`, { method: 'PUT', body: { body } });
}

export function useSaveStorePage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveStorePage,
    onSuccess: (page) => {
      queryClient.setQueryData(storePageKeys.page(page.slug), page);
      void queryClient.invalidateQueries({ queryKey: adminStorePagesKey });
    },
  });
}
