/**
 * The panels' controls, shared by the bar's panels and the phone sheet: option lists with their facet counts
 * ("Hip Hop (212)") and the two-thumb BPM range. Loaded when a panel is about to open, not with the bar, which shows
 * only its buttons until then.
 */
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Check } from 'lucide-react';
import { BPM_BAND, BPM_CEILING, BPM_FLOOR, bpmRangeLabel } from '../lib/catalog-filters';
import type { BeatFacets } from '@beat/shared';
import type { FacetCount } from '../api/get-beat-facets';
import type { Option } from './filter-options';

function countOf(counts: FacetCount[] | undefined, value: string): number | undefined {
  if (!counts) return undefined;
  return counts.find((c) => c.value === value)?.count ?? 0;
}

export interface OptionListProps<T extends string> {
  legend: string;
  options: Option<T>[];
  selected: readonly T[];
  onChange: (selected: T[]) => void;
  /** The facet's counts; absent while they load. */
  counts?: FacetCount[];
  columns?: 2 | 3 | 4;
  hideLegend?: boolean;
}

/** Checkboxes styled as chips; an option no beat would match (given the other filters) is disabled unless chosen. */
export function OptionList<T extends string>({ legend, options, selected, onChange, counts, columns = 2, hideLegend }: OptionListProps<T>) {
  return (
    <fieldset className="fgroup">
      <legend className={hideLegend ? 'visually-hidden' : 'fgroup__legend'}>{legend}</legend>
      <div className={`fopts fopts--${columns}`}>
        {options.map((option) => {
          const checked = selected.includes(option.value);
          const count = countOf(counts, option.value);
          const none = count === 0 && !checked;
          return (
            <label key={option.value} className={['fopt', checked && 'fopt--on', none && 'fopt--none'].filter(Boolean).join(' ')}>
              <input
                type="checkbox"
                className="fopt__input"
                checked={checked}
                disabled={none}
                onChange={(event) =>
                  onChange(event.target.checked ? [...selected, option.value] : selected.filter((v) => v !== option.value))
                }
              />
              <span className="fopt__box" aria-hidden="true">
                <Check />
              </span>
              <span className="fopt__label">{option.label}</span>
              {count !== undefined && <span className="fopt__count"> ({count})</span>}
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}

export interface BpmValue {
  bpmMin?: number;
  bpmMax?: number;
}

export interface BpmRangeProps {
  value: BpmValue;
  onChange: (value: BpmValue) => void;
  bands?: BeatFacets['bpm'];
  /** How long the thumbs must rest before the change counts (each change is a step of the history). */
  settleMs?: number;
  hideLegend?: boolean;
}

const bandStarts = Array.from({ length: (BPM_CEILING - BPM_FLOOR) / BPM_BAND + 1 }, (_, i) => BPM_FLOOR + i * BPM_BAND);

/** Two labelled range inputs on one track (each works with the keyboard and is announced on its own), over the BPM histogram. */
export function BpmRange({ value, onChange, bands, settleMs = 350, hideLegend }: BpmRangeProps) {
  const id = useId();
  const outer = { min: value.bpmMin ?? BPM_FLOOR, max: value.bpmMax ?? BPM_CEILING };
  const [draft, setDraft] = useState(outer);
  // What this control last sent: when it comes back as the filters' value, the thumbs may already have moved on.
  const [sent, setSent] = useState<{ min: number; max: number } | null>(null);
  // A change from outside (a chip removed, Back) replaces what the thumbs show; the control's own change coming back
  // does not (a key pressed while it was on its way would be lost).
  const [seen, setSeen] = useState(outer);
  if (seen.min !== outer.min || seen.max !== outer.max) {
    setSeen(outer);
    const own = sent !== null && sent.min === outer.min && sent.max === outer.max;
    if (!own) setDraft(outer);
  }
  // What the thumbs show and what the filters say, as of the last render: read by the timer, the events and the unmount.
  const latest = useRef({ draft, outer, onChange });
  useEffect(() => {
    latest.current = { draft, outer, onChange };
  });
  const settle = useCallback(() => {
    const { draft: next, outer: current, onChange: change } = latest.current;
    if (next.min === current.min && next.max === current.max) return;
    latest.current = { ...latest.current, outer: next };
    setSent(next);
    change({ bpmMin: next.min === BPM_FLOOR ? undefined : next.min, bpmMax: next.max === BPM_CEILING ? undefined : next.max });
  }, []);
  useEffect(() => {
    const timer = window.setTimeout(settle, settleMs);
    return () => window.clearTimeout(timer);
  }, [draft, settleMs, settle]);
  // A drag that ends, a thumb that loses the keyboard or a panel closed at once ("Done") count without waiting.
  useEffect(() => settle, [settle]);

  const span = BPM_CEILING - BPM_FLOOR;
  const left = ((draft.min - BPM_FLOOR) / span) * 100;
  const right = ((BPM_CEILING - draft.max) / span) * 100;
  const counts = bandStarts.map((start) => bands?.find((b) => b.min === start)?.count ?? 0);
  const highest = Math.max(1, ...counts);
  const minText = (v: number) => (v === BPM_FLOOR ? `${v} BPM, no minimum` : `${v} BPM`);
  const maxText = (v: number) => (v === BPM_CEILING ? `${v}+ BPM, no maximum` : `${v} BPM`);
  // When both thumbs meet at the right end, the minimum's must lie on top, or it could not be dragged back.
  const minOnTop = draft.min > BPM_FLOOR + span / 2;

  return (
    <fieldset className="fgroup fbpm">
      <legend className={hideLegend ? 'visually-hidden' : 'fgroup__legend'}>BPM</legend>
      <output className={hideLegend ? 'fbpm__value' : 'fbpm__value fbpm__value--aside'} htmlFor={`${id}-min ${id}-max`}>
        {bpmRangeLabel(draft.min === BPM_FLOOR ? undefined : draft.min, draft.max === BPM_CEILING ? undefined : draft.max)}
      </output>
      <div className="fbpm__hist" aria-hidden="true">
        {counts.map((count, i) => {
          const start = bandStarts[i]!;
          const inside = start + BPM_BAND - 1 >= draft.min && start <= draft.max;
          return (
            <span
              key={start}
              className={inside ? 'fbpm__bar fbpm__bar--in' : 'fbpm__bar'}
              style={{ height: `${bands ? Math.max(4, (count / highest) * 100) : 4}%` }}
            />
          );
        })}
      </div>
      <div className="fbpm__track">
        <span className="fbpm__rail" aria-hidden="true" />
        <span className="fbpm__fill" aria-hidden="true" style={{ left: `${left}%`, right: `${right}%` }} />
        <BpmThumb
          id={`${id}-min`}
          label="Minimum BPM"
          className={minOnTop ? 'fbpm__input fbpm__input--top' : 'fbpm__input'}
          value={draft.min}
          valueText={minText(draft.min)}
          onSettle={settle}
          onValue={(value) => setDraft((d) => ({ ...d, min: Math.min(value, d.max) }))}
        />
        <BpmThumb
          id={`${id}-max`}
          label="Maximum BPM"
          className="fbpm__input"
          value={draft.max}
          valueText={maxText(draft.max)}
          onSettle={settle}
          onValue={(value) => setDraft((d) => ({ ...d, max: Math.max(value, d.min) }))}
        />
      </div>
      <div className="fbpm__ends" aria-hidden="true">
        <span>{BPM_FLOOR}</span>
        <span>{BPM_CEILING}+</span>
      </div>
    </fieldset>
  );
}

interface BpmThumbProps {
  id: string;
  label: string;
  className: string;
  value: number;
  valueText: string;
  /** A drag that ends or a thumb that loses the keyboard counts at once. */
  onSettle: () => void;
  onValue: (value: number) => void;
}

/** One thumb of the BPM range: a labelled range input over the shared track. */
function BpmThumb({ id, label, className, value, valueText, onSettle, onValue }: BpmThumbProps) {
  return (
    <>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <input
        id={id}
        type="range"
        className={className}
        min={BPM_FLOOR}
        max={BPM_CEILING}
        step={1}
        value={value}
        aria-valuetext={valueText}
        onPointerUp={onSettle}
        onBlur={onSettle}
        onChange={(event) => onValue(Number(event.target.value))}
      />
    </>
  );
}

