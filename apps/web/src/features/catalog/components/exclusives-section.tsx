/**
 * NEW EXCLUSIVES: a carousel (4 / 3 / 1 cards when the section has 1024 and 600 px of room) with a
 * 'Show All Exclusives' / 'Show Less' toggle to a grid, or the grid alone (the /exclusives page).
 * The carousel is a list that scrolls sideways with CSS scroll snapping; Previous and Next scroll it by one
 * page of cards (docs/decisions/0023-carousel-by-the-room.md). For the keyboard it is one Tab stop, a roving
 * tabindex over its cards: Left and Right move between cards, Home and End to the first and last, Down and Up
 * through a card's controls (docs/product/screens-and-words.md#carousel).
 */
import { useCallback, useEffect, useId, useMemo, useRef, useState, type FocusEvent, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { ChevronLeft, ChevronRight, LayoutGrid, GalleryHorizontal } from 'lucide-react';
import { Button, IconButton } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { useBeats } from '../api/get-beats';
import { countActive, type CatalogFilters } from '../lib/catalog-filters';
import { FilteredEmpty } from './filtered-empty';
import { ExclusiveCard } from './exclusive-card';
import '../../../components/ui/skeleton.css';
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
  /** Rendered between the heading and the exclusives (the filter bar). */
  toolbar?: ReactNode;
}

/** The carousel, the grid it opens and the /exclusives grid load 12 exclusives at a time ("Load more"), so the pages stay light with any size of store. */
export const EXCLUSIVES_CAROUSEL_PAGE_SIZE = 12;

export function ExclusivesSection({ q, layout, subtitle, headingLevel = 2, actions, filters, onClearFilters, toolbar }: ExclusivesSectionProps) {
  const query = useBeats({ q, type: 'Exclusive', limit: EXCLUSIVES_CAROUSEL_PAGE_SIZE, filters });
  const filtered = filters !== undefined && countActive(filters) > 0;
  const beats = useMemo(() => query.data?.pages.flatMap((page) => page.beats) ?? [], [query.data]);
  const [expanded, setExpanded] = useState(false);
  const showGrid = layout === 'grid' || expanded;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  const trackRef = useRef<HTMLUListElement>(null);
  const trackId = useId();
  const hintId = useId();
  const nav = useCarouselNav(trackRef, beats.length, showGrid);
  const roving = useRovingCards(trackRef, beats.length);

  let content: ReactNode;
  if (query.isPending) {
    content = <CardSkeletons />;
  } else if (query.isError) {
    content = <LoadFailed title="Exclusives could not be loaded." query={query} />;
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
        <LoadMore pages={query} className="cat-more" />
      </>
    );
  } else {
    content = (
      <div className="xcarousel" role="region" aria-roledescription="carousel" aria-label="Exclusive beats">
        <p id={hintId} hidden>
          Left and Right arrow keys move between exclusives, Home and End to the first and last; Down and Up reach a card&apos;s buttons.
        </p>
        <ul className="xcarousel__track" id={trackId} ref={trackRef} onKeyDown={roving.onKeyDown} onFocus={roving.onFocus}>
          {beats.map((beat, i) => (
            <li key={beat._id} className="xcarousel__slide">
              <ExclusiveCard
                beat={beat}
                queue={beats}
                headingLevel={headingLevel === 1 ? 2 : 3}
                slideTabIndex={i === roving.current ? 0 : -1}
                slideHintId={hintId}
              />
            </li>
          ))}
        </ul>
      </div>
    );
  }

  const ready = !query.isPending && !query.isError && beats.length > 0;
  // While the exclusives load, the carousel's controls hold their place (disabled), so the heading row does not grow.
  const controls = ready || query.isPending;
  return (
    <section className="cat-section" aria-labelledby="exclusives-heading">
      <div className="cat-section__head">
        <div className="cat-section__titles">
          <Heading id="exclusives-heading" className="section-heading cat-section__title">
            NEW EXCLUSIVES
          </Heading>
          {subtitle && <p className="cat-section__sub">{subtitle}</p>}
        </div>
        <div className="cat-section__actions">
          {actions}
          {query.isFetching && !query.isPending && !query.isFetchingNextPage && <Spinner size="sm" label="Updating exclusives" />}
          {controls && !showGrid && (
            <>
              <IconButton
                variant="secondary"
                size="sm"
                label="Previous exclusives"
                aria-controls={ready ? trackId : undefined}
                icon={<ChevronLeft aria-hidden="true" />}
                disabled={!nav.canPrev}
                onClick={nav.prev}
              />
              <IconButton
                variant="secondary"
                size="sm"
                label="Next exclusives"
                aria-controls={ready ? trackId : undefined}
                icon={<ChevronRight aria-hidden="true" />}
                disabled={!nav.canNext}
                onClick={nav.next}
              />
            </>
          )}
          {controls && layout === 'carousel' && (
            <Button
              size="sm"
              variant="ghost"
              className="xtoggle"
              disabled={!ready}
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
      <div className={query.isPlaceholderData ? 'cat-body xroom cat-stale' : 'cat-body xroom'}>{content}</div>
    </section>
  );
}

/**
 * Previous / Next for the scroll-snap list: each scrolls by the list's visible width (one page of cards), and each
 * is disabled at its end. Both start disabled, so the server's HTML and the first render agree; the list is
 * measured once laid out, and again on every scroll, resize and card added.
 */
function useCarouselNav(trackRef: RefObject<HTMLUListElement | null>, count: number, off: boolean) {
  const [state, setState] = useState({ canPrev: false, canNext: false });
  useEffect(() => {
    const track = trackRef.current;
    if (off || !track) return;
    const update = () => {
      const max = track.scrollWidth - track.clientWidth;
      const canPrev = track.scrollLeft > 1;
      const canNext = track.scrollLeft < max - 1;
      setState((s) => (s.canPrev === canPrev && s.canNext === canNext ? s : { canPrev, canNext }));
    };
    track.addEventListener('scroll', update, { passive: true });
    // Measured when the browser lays the page out anyway: an observer reports each new target once laid out, and
    // reading the list's width then costs nothing, where reading it here would lay the page out on the spot. The last
    // card tells when cards are added (its box is new), the list itself when the room changes.
    const resize = new ResizeObserver(update);
    resize.observe(track);
    if (track.lastElementChild) resize.observe(track.lastElementChild);
    return () => {
      track.removeEventListener('scroll', update);
      resize.disconnect();
    };
  }, [trackRef, count, off]);
  const by = useCallback(
    (direction: 1 | -1) => {
      const track = trackRef.current;
      if (!track) return;
      // One page: the cards' visible width plus the gap before the next card; the snap points land it on a card's edge.
      const style = getComputedStyle(track);
      const px = (value: string) => parseFloat(value) || 0;
      const page = track.clientWidth - px(style.paddingLeft) - px(style.paddingRight) + px(style.columnGap);
      track.scrollBy({ left: direction * page });
    },
    [trackRef],
  );
  const prev = useCallback(() => by(-1), [by]);
  const next = useCallback(() => by(1), [by]);
  return { ...state, prev, next };
}

/** A card's controls, in reading order, that the arrow keys can reach. */
const cardControls = (card: Element) => [...card.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];

/**
 * The carousel as one Tab stop (WAI-ARIA roving tabindex): only the current card is in the Tab order, and focus
 * anywhere in a card (a press, a click) makes it the current one, so Tab comes back to where the visitor was. The
 * first card is current on the server and while hydrating, so both draw the same markup.
 */
function useRovingCards(trackRef: RefObject<HTMLUListElement | null>, count: number) {
  const [active, setActive] = useState(0);
  const current = Math.max(0, Math.min(active, count - 1));

  const cardOf = useCallback(
    (target: EventTarget) => {
      const track = trackRef.current;
      const slide = target instanceof Element ? target.closest('.xcarousel__slide') : null;
      if (!track || !slide || slide.parentElement !== track) return null;
      const card = slide.querySelector<HTMLElement>('.xcard');
      return card ? { index: [...track.children].indexOf(slide), card } : null;
    },
    [trackRef],
  );

  const onFocus = useCallback(
    (event: FocusEvent<HTMLUListElement>) => {
      const found = cardOf(event.target);
      if (found) setActive(found.index);
    },
    [cardOf],
  );

  const onKeyDown = useCallback(
    (event: KeyboardEvent<HTMLUListElement>) => {
      if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
      const track = trackRef.current;
      const found = cardOf(event.target);
      if (!track || !found) return;
      const cardAt = (index: number) => track.children[index]?.querySelector<HTMLElement>('.xcard') ?? null;
      const last = track.children.length - 1;
      const controls = cardControls(found.card);
      const at = controls.indexOf(event.target as HTMLElement);
      let next: HTMLElement | null = null;
      switch (event.key) {
        case 'ArrowLeft':
          next = cardAt(Math.max(0, found.index - 1));
          break;
        case 'ArrowRight':
          next = cardAt(Math.min(last, found.index + 1));
          break;
        case 'Home':
          next = cardAt(0);
          break;
        case 'End':
          next = cardAt(last);
          break;
        case 'ArrowDown':
          next = controls[Math.min(controls.length - 1, at + 1)] ?? null;
          break;
        case 'ArrowUp':
          next = at <= 0 ? found.card : (controls[at - 1] ?? null);
          break;
        case 'Enter':
          // Enter on the card itself opens the beat's page, as its title does.
          if (event.target !== found.card) return;
          next = null;
          found.card.querySelector<HTMLElement>('.xcard__link')?.click();
          break;
        default:
          return;
      }
      event.preventDefault();
      next?.focus();
    },
    [trackRef, cardOf],
  );

  return { current, onFocus, onKeyDown };
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
          <div className="xskeleton__body">
            <div className="skeleton xskeleton__line" />
            <div className="skeleton xskeleton__line xskeleton__line--short" />
          </div>
        </div>
      ))}
    </div>
  );
}
