import { useState } from 'react';

export interface CursorPages {
  /** 1 for the first page, counting the Next clicks since. */
  page: number;
  /** Where the shown page starts (the server's `nextCursor` of the page before); none for the first page. */
  cursor: string | undefined;
  goNext: (nextCursor: string) => void;
  goPrevious: () => void;
}

/**
 * The pages of an admin list read by keyset cursors (docs/decisions/0015-query-plans.md#keyset-paging): each Next
 * remembers where the page started, so Previous goes back exactly. A new `key` (search, sort) starts again from the
 * first page.
 */
export function useCursorPages(key: string): CursorPages {
  const [state, setState] = useState<{ key: string; starts: (string | undefined)[] }>({ key, starts: [undefined] });
  const starts = state.key === key ? state.starts : [undefined];
  return {
    page: starts.length,
    cursor: starts[starts.length - 1],
    goNext: (nextCursor) => setState({ key, starts: [...starts, nextCursor] }),
    goPrevious: () => setState({ key, starts: starts.length > 1 ? starts.slice(0, -1) : starts }),
  };
}
