/** Previous / Next under an admin table, with where the reader is ("Page 2 of 7 · 134 users"). */
import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { formatCount } from '../lib/format';

export interface PaginationProps {
  page: number;
  pageSize: number;
  total: number;
  /** "users", "beats", "purchases" — what the total counts. */
  noun: string;
  onPage: (page: number) => void;
  /** Names the control for screen readers, e.g. "Leases pages". */
  label: string;
  busy?: boolean;
}

/** Renders nothing while everything fits on one page. */
export function Pagination({ page, pageSize, total, noun, onPage, label, busy }: PaginationProps) {
  if (total <= pageSize) return null;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="admin-pagination" aria-label={label}>
      <p className="admin-pagination__status" aria-live="polite">
        Page {Math.min(page, pages)} of {pages} · {formatCount(total)} {noun}
      </p>
      <div className="admin-pagination__buttons">
        <Button variant="secondary" size="sm" icon={<ChevronLeft />} disabled={page <= 1 || busy} onClick={() => onPage(page - 1)}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" iconEnd={<ChevronRight />} disabled={page >= pages || busy} onClick={() => onPage(page + 1)}>
          Next
        </Button>
      </div>
    </nav>
  );
}
