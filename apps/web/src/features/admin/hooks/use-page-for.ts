import { useState } from 'react';

/** The page of a paginated admin list; a new `key` (search, sort) starts again from its first page. */
export function usePageFor(key: string): [page: number, setPage: (page: number) => void] {
  const [state, setState] = useState({ key, page: 1 });
  const page = state.key === key ? state.page : 1;
  return [page, (next) => setState({ key, page: next })];
}
