/**
 * GET /api/users/{userId}/library: every beat the user may download (docs/product/library.md), a page at a time.
 * The owned part and the VIP catalog part are asked for separately, so the catalog's search and filters never
 * reload the owned beats.
 */
import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import type { LibraryPage, LibrarySection } from '@beat/shared';
import { api } from '../../../lib/api-client';
import { purchasesQueryKey } from './get-recent-purchases';

export interface LibraryRequest {
  userId: string;
  section: LibrarySection;
  limit: number;
  /** The catalog's search text and filters as the API names them (only the VIP catalog part is narrowed by them). */
  params?: URLSearchParams;
}

export function getLibrary({ userId, section, limit, params }: LibraryRequest, cursor: string | undefined, signal?: AbortSignal): Promise<LibraryPage> {
  const query = new URLSearchParams(params);
  query.set('section', section);
  query.set('limit', String(limit));
  if (cursor) query.set('cursor', cursor);
  return api<LibraryPage>(`/api/users/${encodeURIComponent(userId)}/library?${query.toString()}`, { signal });
}

export function libraryQueryOptions(request: LibraryRequest) {
  return infiniteQueryOptions({
    // Under the purchases' key: a purchase (or a credit unlock, which refreshes downloads) makes it stale.
    queryKey: [...purchasesQueryKey, 'library', request.userId, request.section, request.limit, request.params?.toString() ?? ''],
    queryFn: ({ signal, pageParam }) => getLibrary(request, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.nextCursor ?? undefined,
  });
}

/** `items` is every item loaded so far; `fetchNextPage` loads the next page. */
export function useLibrary(request: LibraryRequest, enabled = true) {
  const query = useInfiniteQuery({ ...libraryQueryOptions(request), enabled, placeholderData: keepPreviousData });
  return { ...query, items: query.data?.pages.flatMap((page) => page.items), vipCatalog: query.data?.pages[0]?.vipCatalog };
}
