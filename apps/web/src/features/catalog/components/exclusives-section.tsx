/**
 * NEW EXCLUSIVES: a carousel (4 / 3 / 1 slides at 1024 and 600 px) with a 'Show All Exclusives' /
 * 'Show Less' toggle to a grid, or the grid alone (the /exclusives page).
 */
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import useEmblaCarousel from 'embla-carousel-react';
import { ChevronLeft, ChevronRight, LayoutGrid, GalleryHorizontal } from 'lucide-react';
import { Button, IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBeats } from '../api/get-beats';
import { countActive, type CatalogFilters } from '../lib/catalog-filters';
import { FilteredEmpty } from './filtered-empty';
import { ExclusiveCard } from './exclusive-card';
import './section.css';
import './exclusives-section.css';

export interface ExclusivesSectionProps {
  /** Search text (already debounced); the server filters by title or tag. */
  q: string;
  /** 'carousel' starts as a carousel with the grid toggle; 'grid' shows only the grid. */
  layout: 'carousel' | 'grid';
  subtitle?: ReactNode;
  /** The page's main heading is this section's (the /exclusives page). */
  headingLevel?: 1 | 2;
  /** Extra controls in the heading row (e.g. the /exclusives page's search). */
  actions?: ReactNode;
  /** The filter bar's choices (genre, mood, key, BPM, price, stems, sort). */
  filters?: CatalogFilters;
  onClearFilters?: () => void;
  /** Drawn between the heading and the exclusives (the filter bar). */
  toolbar?: ReactNode;
}

type EmblaApi = NonNullable<ReturnType<typeof useEmblaCarousel>[1]>;

/** The carousel (and the grid it opens) loads 12 exclusives at a time, so `/` stays light with any size of store. */
export const EXCLUSIVES_CAROUSEL_PAGE_SIZE = 12;

export function ExclusivesSection({ q, layout, subtitle, headingLevel = 2, actions, filters, onClearFilters, toolbar }: ExclusivesSectionProps) {
  const query = useBeats({ q, type: 'Exclusive', limit: layout === 'carousel' ? EXCLUSIVES_CAROUSEL_PAGE_SIZE : undefined, filters });
  const filtered = filters !== undefined && countActive(filters) > 0;
  const beats = useMemo(() => query.data?.pages.flatMap((page) => page.beats) ?? [], [query.data]);
  const [expanded, setExpanded] = useState(false);
  const showGrid = layout === 'grid' || expanded;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const [emblaRef, emblaApi] = useEmblaCarousel({ align: 'start', slidesToScroll: 'auto', containScroll: 'trimSnaps' });
  const nav = useCarouselNav(showGrid ? undefined : emblaApi);

  let content: ReactNode;
  if (query.isPending) {
    content = <CardSkeletons />;
  } else if (query.isError) {
    content = (
      <div className="cat-state" role="alert">
        <p className="cat-state__title">Exclusives could not be loaded.</p>
        <p>{errorMessage(query.error)}</p>
        <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </div>
    );
  } else if (beats.length === 0 && filtered && onClearFilters) {
    content = (
      <div className={layout === 'carousel' ? 'cat-state cat-state--compact' : 'cat-state'}>
        <FilteredEmpty noun="exclusives" q={q} onClear={onClearFilters} compact={layout === 'carousel'} />
      </div>
    );
  } else if (beats.length === 0) {
    content = (
      <div className="cat-state">
        <p className="cat-state__title">{q ? `No exclusives match “${q}”.` : 'No exclusives right now.'}</p>
        <p>{q ? 'Try another title or tag.' : 'New exclusives drop every week — check back soon.'}</p>
      </div>
    );
  } else if (showGrid) {
    content = (
      <>
        <ul className="xgrid">
          {beats.map((beat) => (
            <li key={beat._id}>
              <ExclusiveCard beat={beat} queue={beats} headingLevel={headingLevel === 1 ? 2 : 3} />
            </li>
          ))}
        </ul>
        {query.hasNextPage && (
          <div className="cat-more">
            <Button variant="secondary" busy={query.isFetchingNextPage} busyLabel="Loading..." onClick={() => void query.fetchNextPage()}>
              Load more
            </Button>
          </div>
        )}
      </>
    );
  } else {
    content = (
      <div className="xcarousel" role="region" aria-roledescription="carousel" aria-label="Exclusive beats">
        <div className="xcarousel__viewport" ref={emblaRef}>
          <div className="xcarousel__track">
            {beats.map((beat, i) => (
              <div
                key={beat._id}
                className="xcarousel__slide"
                role="group"
                aria-roledescription="slide"
                aria-label={`${i + 1} of ${beats.length}`}
              >
                <ExclusiveCard beat={beat} queue={beats} headingLevel={headingLevel === 1 ? 2 : 3} />
              </div>
            ))}
          </div>
        </div>
      </div>
    );
  }

  const ready = !query.isPending && !query.isError && beats.length > 0;
  return (
    <section className="cat-section" aria-labelledby="exclusives-heading">
      <div className="cat-section__head">
        <div className="cat-section__titles">
          <Heading id="exclusives-heading" className="cat-section__title">
            NEW EXCLUSIVES
          </Heading>
          {subtitle && <p className="cat-section__sub">{subtitle}</p>}
        </div>
        <div className="cat-section__actions">
          {actions}
          {query.isFetching && !query.isPending && !query.isFetchingNextPage && <Spinner size="sm" label="Updating exclusives" />}
          {ready && !showGrid && (
            <>
              <IconButton
                variant="secondary"
                size="sm"
                label="Previous exclusives"
                icon={<ChevronLeft aria-hidden="true" />}
                disabled={!nav.canPrev}
                onClick={nav.prev}
              />
              <IconButton
                variant="secondary"
                size="sm"
                label="Next exclusives"
                icon={<ChevronRight aria-hidden="true" />}
                disabled={!nav.canNext}
                onClick={nav.next}
              />
            </>
          )}
          {ready && layout === 'carousel' && (
            <Button
              size="sm"
              variant="ghost"
              className="xtoggle"
              aria-expanded={expanded}
              icon={expanded ? <GalleryHorizontal aria-hidden="true" /> : <LayoutGrid aria-hidden="true" />}
              onClick={() => setExpanded((v) => !v)}
            >
              {expanded ? 'Show Less' : 'Show All Exclusives'}
            </Button>
          )}
        </div>
      </div>
      {toolbar}
      <div className={query.isPlaceholderData ? 'cat-body cat-stale' : 'cat-body'}>{content}</div>
    </section>
  );
}

function useCarouselNav(api: EmblaApi | undefined) {
  const [state, setState] = useState({ canPrev: false, canNext: false });
  useEffect(() => {
    if (!api) return;
    const update = () => setState({ canPrev: api.canScrollPrev(), canNext: api.canScrollNext() });
    update();
    api.on('select', update).on('reInit', update).on('resize', update);
    return () => {
      api.off('select', update).off('reInit', update).off('resize', update);
    };
  }, [api]);
  const prev = useCallback(() => api?.scrollPrev(), [api]);
  const next = useCallback(() => api?.scrollNext(), [api]);
  return { ...state, prev, next };
}

function CardSkeletons() {
  return (
    <div className="xgrid xgrid--skeleton">
      <p role="status" className="visually-hidden">
        Loading exclusives
      </p>
      {Array.from({ length: 4 }, (_, i) => (
        <div key={i} className="xskeleton">
          <div className="skeleton xskeleton__media" />
          <div className="skeleton xskeleton__line" />
          <div className="skeleton xskeleton__line xskeleton__line--short" />
        </div>
      ))}
    </div>
  );
}
