import { useQuery, type QueryKey, type UseQueryOptions } from '@tanstack/react-query';
import { useCursorPages, type CursorPages } from './use-cursor-pages';

/** What every keyset-paged admin answer carries besides its rows. */
export interface KeysetPage {
  total: number;
  /** Where the next page starts; null on the last page. */
  nextCursor: string | null;
}

/** The part of a list's request that says which page: the previous page's `nextCursor`, none for the first. */
export interface PageStart {
  page: number;
  cursor: string | undefined;
  pageSize: number;
}

export interface KeysetPaging {
  pages: CursorPages;
  pageSize: number;
  /** The shown page's answer; undefined while the first one loads. */
  page: KeysetPage | undefined;
}

/**
 * One admin list read a page at a time by keyset cursors (docs/decisions/0015-query-plans.md#keyset-paging):
 * `options` makes the query of a page from where it starts. A new `key` (search, sort) starts again from the first
 * page. `paging` is what the table's Previous / Next need.
 */
export function useKeysetQuery<Page extends KeysetPage, Key extends QueryKey>(
  key: string,
  pageSize: number,
  options: (start: PageStart) => UseQueryOptions<Page, Error, Page, Key>,
) {
  const pages = useCursorPages(key);
  const query = useQuery(options({ page: pages.page, cursor: pages.cursor, pageSize }));
  const paging: KeysetPaging = { pages, pageSize, page: query.data };
  return { query, paging };
}
