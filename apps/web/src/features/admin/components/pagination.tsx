/** Previous / Next under an admin table, with where the reader is ("Page 2 of 7 · 134 users"). */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import type { CursorPages } from '../hooks/use-cursor-pages';
import { formatCount } from '../lib/format';

export interface PaginationProps {
  pages: CursorPages;
  pageSize: number;
  total: number;
  /** The shown page's `nextCursor`: null on the last page. */
  nextCursor: string | null;
  /** "users", "beats", "purchases" — what the total counts. */
  noun: string;
  /** Names the control for screen readers, e.g. "Leases pages". */
  label: string;
  busy?: boolean;
}

/** Renders nothing while everything fits on one page. */
export function Pagination({ pages, pageSize, total, nextCursor, noun, label, busy }: PaginationProps) {
  if (total <= pageSize && pages.page === 1 && !nextCursor) return null;
  // Rows added since the first page can make the count lag behind the pages walked: never show "Page 8 of 7".
  const count = Math.max(pages.page, Math.ceil(total / pageSize));
  return (
    <nav className="admin-pagination" aria-label={label}>
      <p className="admin-pagination__status" aria-live="polite">
        Page {pages.page} of {count} · {formatCount(total)} {noun}
      </p>
      <div className="admin-pagination__buttons">
        <Button variant="secondary" size="sm" icon={<ChevronLeft />} disabled={pages.page <= 1 || busy} onClick={pages.goPrevious}>
          Previous
        </Button>
        <Button
          variant="secondary"
          size="sm"
          iconEnd={<ChevronRight />}
          disabled={!nextCursor || busy}
          onClick={() => nextCursor && pages.goNext(nextCursor)}
        >
          Next
        </Button>
      </div>
    </nav>
  );
}
