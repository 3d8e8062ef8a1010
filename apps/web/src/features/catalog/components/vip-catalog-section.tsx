/** The Non-Exclusive beats as numbered rows, a page at a time with "Load more" (the list runs to 320+ beats). */
import { useMemo, type ReactNode } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useBeats } from '../api/get-beats';
import { countActive, type CatalogFilters } from '../lib/catalog-filters';
import { FilteredEmpty } from './filtered-empty';
import { BeatList } from './beat-list';
import type { VisitorAuthTarget } from '../../downloads';
import './section.css';

/**
 * Rows per page of the VIP CATALOG list: a screenful or two, so the catalog page stays light on a phone
 * (docs/product/screens-and-words.md#catalog-page).
 */
export const VIP_LIST_PAGE_SIZE = 24;

export interface VipCatalogSectionProps {
  q: string;
  title: string;
  id: string;
  subtitle?: ReactNode;
  /** Extra controls in the heading row (e.g. the /vip page's search). */
  actions?: ReactNode;
  visitorDownloadTarget?: VisitorAuthTarget;
  /** The filter bar's choices (genre, mood, key, BPM, price, stems, sort). */
  filters?: CatalogFilters;
  onClearFilters?: () => void;
  /** Rendered between the heading and the list (the filter bar). */
  toolbar?: ReactNode;
}

export function VipCatalogSection({
  q,
  title,
  id,
  subtitle,
  actions,
  visitorDownloadTarget = 'login',
  filters,
  onClearFilters,
  toolbar,
}: VipCatalogSectionProps) {
  const query = useBeats({ q, type: 'Non-Exclusive', limit: VIP_LIST_PAGE_SIZE, filters });
  const filtered = filters !== undefined && countActive(filters) > 0;
  const beats = useMemo(() => query.data?.pages.flatMap((page) => page.beats) ?? [], [query.data]);

  return (
    <section className="cat-section" aria-labelledby={id}>
      <div className="cat-section__head">
        <div className="cat-section__titles">
          <h2 id={id} className="section-heading cat-section__title">
            {title}
          </h2>
          {subtitle && <p className="cat-section__sub">{subtitle}</p>}
        </div>
        <div className="cat-section__actions">
          {query.isFetching && !query.isPending && !query.isFetchingNextPage && <Spinner size="sm" label="Updating beats" />}
          {actions}
        </div>
      </div>
      {toolbar}
      {query.isError ? (
        <LoadFailed title="Beats could not be loaded." query={query} />
      ) : (
        <div className={query.isPlaceholderData ? 'cat-body cat-stale' : 'cat-body'}>
          <BeatList
            beats={beats}
            label={title}
            isLoading={query.isPending}
            hasMore={query.hasNextPage}
            isLoadingMore={query.isFetchingNextPage}
            onLoadMore={() => void query.fetchNextPage()}
            visitorDownloadTarget={visitorDownloadTarget}
            empty={
              filtered && onClearFilters ? (
                <FilteredEmpty noun="beats" q={q} onClear={onClearFilters} />
              ) : (
                <>
                  <p className="cat-state__title">{q ? `No beats match “${q}”.` : 'No beats yet.'}</p>
                  <p>{q ? 'Try another title or tag.' : 'New beats land every week.'}</p>
                </>
              )
            }
          />
        </div>
      )}
    </section>
  );
}
