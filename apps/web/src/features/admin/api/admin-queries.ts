/** The two shapes every admin call takes: a page of a list, and a change that refreshes what it affects. */
import { keepPreviousData, queryOptions, useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import type { StoreSettings } from '@beat/shared';
import { adminKeys, queryString } from './admin-keys';

/** Where a page of an admin list starts: the page number and size, and the previous page's `nextCursor`. */
export interface PageFilter {
  page: number;
  pageSize: number;
  cursor?: string;
}

/**
 * One page of an admin list at `path`, asked with the filter as its query string; the page shown stays on screen
 * while the next one comes.
 */
export function adminPageQueryOptions<TPage, TFilter extends PageFilter>(path: string, key: QueryKey, filter: TFilter) {
  return queryOptions({
    queryKey: [...key, filter],
    queryFn: ({ signal }) => api<TPage>(`${path}${queryString(filter)}`, { signal }),
    placeholderData: keepPreviousData,
  });
}

/**
 * A change that, once saved, keeps what the server answered (`keep`) and marks `stale` queries to be asked again.
 */
export function useAdminMutation<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  { stale = [], keep }: { stale?: QueryKey[]; keep?: (queryClient: QueryClient, saved: TData) => void } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (saved) => {
      keep?.(queryClient, saved);
      for (const queryKey of stale) void queryClient.invalidateQueries({ queryKey });
    },
  });
}

/** Store settings as saved, kept at once; the beats list asked again, as each beat renders anew with the new tag. */
export const keepSettingsRefreshBeats = {
  keep: (queryClient: QueryClient, settings: StoreSettings) => queryClient.setQueryData(adminKeys.storeSettings, settings),
  stale: [adminKeys.all],
};
