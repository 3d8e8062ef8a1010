/**
 * The catalog's filter bar (docs/product/screens-and-words.md#filter-bar): genre, mood, key, BPM range, max
 * price, stems and sort, with facet counts; the active filters as removable chips and "Clear all". On a phone the
 * filters open in a sheet, whose code loads only when it is first wanted.
 */
import { lazy, Suspense, useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { SlidersHorizontal, X } from 'lucide-react';
import type { BeatType } from '@beat/shared';
import { useBeatFacets } from '../api/get-beat-facets';
import type { CatalogFiltersState } from '../hooks/use-catalog-filters';
import { beatCountText, bpmRangeLabel, countActive, filterChips, type CatalogFilters } from '../lib/catalog-filters';
import { FilterPopover } from './filter-popover';
import { genreOptions, keyOptions, matchingCount, moodOptions, PriceSelect, SortSelect, StemsSwitch, type Option } from './filter-options';
import type { OptionListProps } from './filter-panels';
import './filter-bar.css';

const loadSheet = () => import('./filter-sheet');
const FilterSheet = lazy(loadSheet);
// The panels' contents load when one is about to open (a pointer over the bar, the keyboard in it, a press), not with
// the page: until then the bar shows only its buttons.
const loadPanels = () => import('./filter-panels');
const OptionList = lazy(() => loadPanels().then((m) => ({ default: m.OptionList }))) as <T extends string>(props: OptionListProps<T>) => ReactNode;
const BpmRange = lazy(() => loadPanels().then((m) => ({ default: m.BpmRange })));

export interface FilterBarProps {
  state: CatalogFiltersState;
  /** The search text and beat type the list is also narrowed by (the counts follow them). */
  q?: string;
  type?: BeatType;
  /** The maximum prices offered (the screen's own price range). */
  priceSteps: readonly number[];
  /** Accessible name of the bar. */
  label?: string;
  className?: string;
}

type Panel = 'genre' | 'mood' | 'key' | 'bpm';

export function FilterBar({ state, q, type, priceSteps, label = 'Filter and sort beats', className }: FilterBarProps) {
  const { filters, setFilters, clearAll } = state;
  const facets = useBeatFacets({ q, type, filters });
  const [panel, setPanel] = useState<Panel | null>(null);
  const [sheetOpen, setSheetOpen] = useState(false);
  const chips = filterChips(filters);
  const total = matchingCount(facets.data, filters);
  const active = countActive(filters);

  const update = useCallback((patch: Partial<CatalogFilters>) => setFilters((f) => ({ ...f, ...patch })), [setFilters]);
  const panelProps = (name: Panel) => ({
    open: panel === name,
    onOpenChange: (open: boolean) => setPanel(open ? name : null),
  });

  // A removed chip hands the keyboard to the chip that takes its place, or to the bar when none is left.
  const barRef = useRef<HTMLElement>(null);
  const chipsRef = useRef<HTMLUListElement>(null);
  const focusChip = useRef<number | null>(null);
  useEffect(() => {
    const index = focusChip.current;
    if (index === null) return;
    focusChip.current = null;
    const buttons = chipsRef.current?.querySelectorAll<HTMLButtonElement>('button');
    const next = buttons && buttons.length > 0 ? buttons[Math.min(index, buttons.length - 1)] : null;
    (next ?? barRef.current)?.focus();
  }, [chips.length]);

  return (
    <section ref={barRef} className={['fbar', className].filter(Boolean).join(' ')} aria-label={label} tabIndex={-1}>
      <div className="fbar__row">
        <div
          className="fbar__filters"
          onPointerEnter={() => void loadPanels()}
          onPointerDown={() => void loadPanels()}
          onFocus={() => void loadPanels()}
        >
          <FilterPopover label="Genre" badge={badgeOf(filters.genres, genreOptions)} size="md" {...panelProps('genre')}>
            <OptionList
              legend="Genre"
              hideLegend
              options={genreOptions}
              selected={filters.genres}
              counts={facets.data?.genres}
              columns={2}
              onChange={(genres) => update({ genres })}
            />
            <PanelFoot onClear={filters.genres.length > 0 ? () => update({ genres: [] }) : undefined} onDone={() => setPanel(null)} />
          </FilterPopover>
          <FilterPopover label="Mood" badge={badgeOf(filters.moods, moodOptions)} size="md" {...panelProps('mood')}>
            <OptionList
              legend="Mood"
              hideLegend
              options={moodOptions}
              selected={filters.moods}
              counts={facets.data?.moods}
              columns={2}
              onChange={(moods) => update({ moods })}
            />
            <PanelFoot onClear={filters.moods.length > 0 ? () => update({ moods: [] }) : undefined} onDone={() => setPanel(null)} />
          </FilterPopover>
          <FilterPopover label="Key" badge={badgeOf(filters.keys, keyOptions)} size="lg" {...panelProps('key')}>
            <OptionList
              legend="Key"
              hideLegend
              options={keyOptions}
              selected={filters.keys}
              counts={facets.data?.keys}
              columns={4}
              onChange={(keys) => update({ keys })}
            />
            <PanelFoot onClear={filters.keys.length > 0 ? () => update({ keys: [] }) : undefined} onDone={() => setPanel(null)} />
          </FilterPopover>
          <FilterPopover
            label="BPM"
            badge={filters.bpmMin !== undefined || filters.bpmMax !== undefined ? bpmRangeLabel(filters.bpmMin, filters.bpmMax).replace(' BPM', '') : undefined}
            size="md"
            {...panelProps('bpm')}
          >
            <BpmRange
              hideLegend
              value={{ bpmMin: filters.bpmMin, bpmMax: filters.bpmMax }}
              bands={facets.data?.bpm}
              onChange={(bpm) => update(bpm)}
            />
            <PanelFoot
              onClear={filters.bpmMin !== undefined || filters.bpmMax !== undefined ? () => update({ bpmMin: undefined, bpmMax: undefined }) : undefined}
              onDone={() => setPanel(null)}
            />
          </FilterPopover>
          <PriceSelect value={filters.priceMax} onChange={(priceMax) => update({ priceMax })} steps={priceSteps} />
          <StemsSwitch checked={filters.hasStems} onChange={(hasStems) => update({ hasStems })} />
        </div>

        <button
          type="button"
          className={['fbar__sheet-button', active > 0 && 'fbar__sheet-button--on'].filter(Boolean).join(' ')}
          aria-haspopup="dialog"
          aria-label={active > 0 ? `Filters, ${active} active` : undefined}
          onPointerEnter={() => void loadSheet()}
          onFocus={() => void loadSheet()}
          onClick={() => setSheetOpen(true)}
        >
          <SlidersHorizontal aria-hidden="true" />
          Filters
          {active > 0 && (
            <span className="fpop__badge" aria-hidden="true">
              {active}
            </span>
          )}
        </button>

        <div className="fbar__end">
          <p className="fbar__count" aria-live="polite">
            {total !== undefined ? beatCountText(total) : ''}
          </p>
          <SortSelect value={filters.sort} onChange={(sort) => update({ sort })} className="fbar__sort" />
        </div>
      </div>

      {chips.length > 0 && (
        <div className="fbar__chips">
          <ul ref={chipsRef} className="fchips" aria-label="Active filters">
            {chips.map((chip, index) => (
              <li key={chip.id}>
                <button
                  type="button"
                  className="fchip"
                  aria-label={`Remove filter: ${chip.label}`}
                  onClick={() => {
                    focusChip.current = index;
                    setFilters(chip.remove);
                  }}
                >
                  {chip.label}
                  <X aria-hidden="true" />
                </button>
              </li>
            ))}
          </ul>
          <button type="button" className="fbar__clear" onClick={clearAll}>
            Clear all
          </button>
        </div>
      )}

      {sheetOpen && (
        <Suspense fallback={null}>
          <FilterSheet
            filters={filters}
            q={q}
            type={type}
            priceSteps={priceSteps}
            onClose={() => setSheetOpen(false)}
            onApply={(next) => {
              setFilters(next);
              setSheetOpen(false);
            }}
          />
        </Suspense>
      )}
    </section>
  );
}

/** The button's summary of a multi-choice filter: the one chosen, or how many. */
function badgeOf<T extends string>(selected: readonly T[], options: Option<T>[]): string | undefined {
  if (selected.length === 0) return undefined;
  if (selected.length === 1) return options.find((o) => o.value === selected[0])?.label;
  return String(selected.length);
}

function PanelFoot({ onClear, onDone }: { onClear?: () => void; onDone: () => void }) {
  return (
    <div className="fpop__foot">
      {onClear ? (
        <button type="button" className="fpop__link" onClick={onClear}>
          Clear
        </button>
      ) : (
        <span />
      )}
      <button type="button" className="fpop__done" onClick={onDone}>
        Done
      </button>
    </div>
  );
}
