/**
 * The filters in a sheet, for phones: every filter and the sort on one scrolling panel, changed together and applied
 * with "Show N beats" (one step of the history); Escape or the close button leaves the list as it was.
 */
import { useState } from 'react';
import type { BeatType } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { useBeatFacets } from '../api/get-beat-facets';
import { beatCountText, clearedFilters, countActive, type CatalogFilters } from '../lib/catalog-filters';
import { genreOptions, keyOptions, matchingCount, moodOptions, PriceSelect, SortSelect, StemsSwitch } from './filter-options';
import { BpmRange, OptionList } from './filter-panels';

export interface FilterSheetProps {
  filters: CatalogFilters;
  q?: string;
  type?: BeatType;
  priceSteps: readonly number[];
  onClose: () => void;
  onApply: (filters: CatalogFilters) => void;
}

export default function FilterSheet({ filters, q, type, priceSteps, onClose, onApply }: FilterSheetProps) {
  const [draft, setDraft] = useState(filters);
  const facets = useBeatFacets({ q, type, filters: draft });
  const total = matchingCount(facets.data, draft);
  const update = (patch: Partial<CatalogFilters>) => setDraft((d) => ({ ...d, ...patch }));

  return (
    <Modal
      open
      onClose={onClose}
      title="Filters"
      size="md"
      className="fsheet"
      footer={
        <>
          <Button variant="secondary" disabled={countActive(draft) === 0} onClick={() => setDraft(clearedFilters(draft))}>
            Clear all
          </Button>
          <Button busy={facets.isFetching && total === undefined} onClick={() => onApply(draft)}>
            {total === undefined ? 'Show beats' : `Show ${beatCountText(total)}`}
          </Button>
        </>
      }
    >
      <div className="fsheet__body">
        <SortSelect value={draft.sort} onChange={(sort) => update({ sort })} className="fsheet__select" />
        <OptionList legend="Genre" options={genreOptions} selected={draft.genres} counts={facets.data?.genres} onChange={(genres) => update({ genres })} />
        <OptionList legend="Mood" options={moodOptions} selected={draft.moods} counts={facets.data?.moods} onChange={(moods) => update({ moods })} />
        <BpmRange
          value={{ bpmMin: draft.bpmMin, bpmMax: draft.bpmMax }}
          bands={facets.data?.bpm}
          settleMs={150}
          onChange={(bpm) => update(bpm)}
        />
        <OptionList legend="Key" options={keyOptions} selected={draft.keys} counts={facets.data?.keys} onChange={(keys) => update({ keys })} />
        <PriceSelect value={draft.priceMax} onChange={(priceMax) => update({ priceMax })} steps={priceSteps} className="fsheet__select" />
        <StemsSwitch checked={draft.hasStems} onChange={(hasStems) => update({ hasStems })} />
      </div>
    </Modal>
  );
}
