/**
 * The catalog filter's controls rendered on the bar itself, shared with the phone sheet: the options of each filter, the
 * price and sort selects and the stems switch. The panels' option lists and BPM range are in filter-panels.tsx.
 */
import { useId, useRef } from 'react';
import { ArrowDownUp, ChevronDown } from 'lucide-react';
import { beatSorts, categories, moods, musicalKeys, type BeatSort } from '@beat/shared/discovery';
import {
  moodLabel,
  formatDollars,
  sortLabels,
  type CatalogFilters,
} from '../lib/catalog-filters';
import type { BeatFacets } from '@beat/shared';
import { useValueSetBeforeHydration } from '../../../hooks/use-value-set-before-hydration';

export interface Option<T extends string> {
  value: T;
  label: string;
}

export const genreOptions: Option<(typeof categories)[number]>[] = categories.map((c) => ({ value: c, label: c }));
export const moodOptions: Option<(typeof moods)[number]>[] = moods.map((m) => ({ value: m, label: moodLabel(m) }));
export const keyOptions: Option<(typeof musicalKeys)[number]>[] = musicalKeys.map((k) => ({ value: k, label: k }));

export interface PriceSelectProps {
  value: number | undefined;
  onChange: (value: number | undefined) => void;
  /** The maximum prices offered, in dollars (the screen's own price range). */
  steps: readonly number[];
  className?: string;
  label?: string;
}

export function PriceSelect({ value, onChange, steps, className, label = 'Max price' }: PriceSelectProps) {
  const id = useId();
  // A shared address may name a maximum the list does not offer: it is shown as it is.
  const options = value === undefined || steps.includes(value) ? steps : [...steps, value].sort((a, b) => a - b);
  const selectRef = useRef<HTMLSelectElement>(null);
  const rendered = value === undefined ? '' : String(value);
  // Chosen before the page's code was in: applied now.
  useValueSetBeforeHydration(selectRef, (select) => onChange(select.value === '' ? undefined : Number(select.value)), rendered);
  return (
    <div className={['fselect', value !== undefined && 'fselect--on', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="fselect__label">
        {label}
      </label>
      <select
        ref={selectRef}
        id={id}
        className="fselect__input"
        value={rendered}
        onChange={(event) => onChange(event.target.value === '' ? undefined : Number(event.target.value))}
      >
        <option value="">Any</option>
        {options.map((step) => (
          <option key={step} value={String(step)}>
            {formatDollars(step)}
          </option>
        ))}
      </select>
      <ChevronDown className="fselect__chevron" aria-hidden="true" />
    </div>
  );
}

export interface SortSelectProps {
  value: BeatSort;
  onChange: (value: BeatSort) => void;
  className?: string;
}

export function SortSelect({ value, onChange, className }: SortSelectProps) {
  const id = useId();
  const selectRef = useRef<HTMLSelectElement>(null);
  useValueSetBeforeHydration(selectRef, (select) => onChange(select.value as BeatSort), value);
  return (
    <div className={['fselect', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="fselect__label">
        <ArrowDownUp className="fselect__icon" aria-hidden="true" />
        <span className="fselect__text">Sort by</span>
      </label>
      <select ref={selectRef} id={id} className="fselect__input" value={value} onChange={(event) => onChange(event.target.value as BeatSort)}>
        {beatSorts.map((sort) => (
          <option key={sort} value={sort}>
            {sortLabels[sort]}
          </option>
        ))}
      </select>
      <ChevronDown className="fselect__chevron" aria-hidden="true" />
    </div>
  );
}

export interface StemsSwitchProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  className?: string;
}

/** "Stems included": a checkbox styled as a switch. */
export function StemsSwitch({ checked, onChange, className }: StemsSwitchProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  useValueSetBeforeHydration(inputRef, (input) => onChange(input.checked), checked);
  return (
    <label className={['fswitch', checked && 'fswitch--on', className].filter(Boolean).join(' ')}>
      <input ref={inputRef} type="checkbox" className="fswitch__input" checked={checked} onChange={(event) => onChange(event.target.checked)} />
      <span className="fswitch__track" aria-hidden="true">
        <span className="fswitch__thumb" />
      </span>
      <span className="fswitch__label">Stems included</span>
    </label>
  );
}

/** How many beats the filters leave, from the facets: the genre counts of the chosen genres (or of all). */
export function matchingCount(facets: BeatFacets | undefined, filters: CatalogFilters): number | undefined {
  if (!facets) return undefined;
  const genres = filters.genres.length > 0 ? facets.genres.filter((g) => (filters.genres as string[]).includes(g.value)) : facets.genres;
  return genres.reduce((sum, g) => sum + g.count, 0);
}

/** The maximum prices a screen offers in its price filter: lease prices on the VIP list, exclusive prices on the grid. */
export const leasePriceSteps = [20, 25, 30, 35, 40, 50] as const;
export const exclusivePriceSteps = [250, 300, 400, 500, 750, 1000] as const;
export const allPriceSteps = [20, 30, 40, 50, 100, 250, 500, 1000] as const;
