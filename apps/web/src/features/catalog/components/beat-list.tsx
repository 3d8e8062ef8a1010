/**
 * A numbered list of beat rows with the column header, empty and loading states, and "Load more" (a page at a time, so
 * a long list stays light: docs/product/screens-and-words.md#catalog-page).
 */
import { useEffect, useRef, type ReactNode } from 'react';
import type { Beat } from '@beat/shared';
import { LoadMore } from '../../../components/ui/load-more';
import { formatCount } from '../../../lib/format';
import { BeatRow } from './beat-row';
import type { VisitorAuthTarget } from '../../downloads';
import '../../../components/ui/skeleton.css';
import './section.css';
import './beat-list.css';

export interface BeatListProps {
  beats: readonly Beat[];
  /** Accessible name of the list. */
  label: string;
  isLoading?: boolean;
  empty?: ReactNode;
  hasMore?: boolean;
  isLoadingMore?: boolean;
  onLoadMore?: () => void;
  visitorDownloadTarget?: VisitorAuthTarget;
  purchased?: boolean;
}


export function BeatList({
  beats,
  label,
  isLoading = false,
  empty,
  hasMore = false,
  isLoadingMore = false,
  onLoadMore,
  visitorDownloadTarget = 'login',
  purchased = false,
}: BeatListProps) {
  const rowsRef = useRef<HTMLOListElement>(null);
  // "Load more" is disabled while it loads; the keyboard then goes on at the first new row.
  const firstNewRow = useRef<number | null>(null);
  useEffect(() => {
    const index = firstNewRow.current;
    if (index === null || beats.length <= index) return;
    firstNewRow.current = null;
    rowsRef.current?.children[index]?.querySelector<HTMLElement>('button:not([disabled])')?.focus();
  }, [beats.length]);

  if (isLoading) return <RowSkeletons />;
  if (beats.length === 0) return <div className="cat-state">{empty}</div>;
  return (
    <>
      <div className={['blist', purchased && 'blist--purchased'].filter(Boolean).join(' ')}>
        <div className="blist__head" aria-hidden="true">
          <span>#</span>
          <span />
          <span>Title</span>
          <span>BPM</span>
          <span>Tags</span>
          <span>Released</span>
          {!purchased && <span>Price</span>}
          <span />
        </div>
        <ol ref={rowsRef} className="blist__rows" aria-label={label}>
          {beats.map((beat, i) => (
            <BeatRow
              key={beat._id}
              beat={beat}
              number={i + 1}
              queue={beats}
              visitorDownloadTarget={visitorDownloadTarget}
              purchased={purchased}
            />
          ))}
        </ol>
        {onLoadMore && (
          <p role="status" className="visually-hidden">
            {`${formatCount(beats.length, { one: 'beat shown', other: 'beats shown' })}${hasMore ? '' : beats.length === 1 ? ', the only one' : ', all of them'}`}
          </p>
        )}
        {onLoadMore && (
          <LoadMore
            className="cat-more"
            pages={{
              hasNextPage: hasMore,
              isFetchingNextPage: isLoadingMore,
              fetchNextPage: () => {
                firstNewRow.current = beats.length;
                onLoadMore();
              },
            }}
          />
        )}
      </div>
    </>
  );
}

function RowSkeletons() {
  return (
    <div className="blist">
      <p role="status" className="visually-hidden">
        Loading beats
      </p>
      {Array.from({ length: 8 }, (_, i) => (
        <div key={i} className="brow brow--skeleton" aria-hidden="true">
          <span className="skeleton brow__sk-num" />
          <span className="skeleton brow__sk-art" />
          <span className="brow__main">
            <span className="skeleton brow__sk-line" />
            <span className="skeleton brow__sk-line brow__sk-line--short" />
          </span>
        </div>
      ))}
    </div>
  );
}
