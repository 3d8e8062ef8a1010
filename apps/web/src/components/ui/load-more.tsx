/** "Load more" under a list read a page at a time (TanStack Query's infinite query); nothing once the last page is in. */
import { Button } from './button';

export interface LoadMoreProps {
  pages: { hasNextPage: boolean; isFetchingNextPage: boolean; fetchNextPage: () => unknown };
  /** The box around the button: `dash-more` on the account pages, `cat-more` in the catalog. */
  className: string;
}

export function LoadMore({ pages, className }: LoadMoreProps) {
  if (!pages.hasNextPage) return null;
  return (
    <div className={className}>
      <Button variant="secondary" busy={pages.isFetchingNextPage} busyLabel="Loading..." onClick={() => void pages.fetchNextPage()}>
        Load more
      </Button>
    </div>
  );
}
