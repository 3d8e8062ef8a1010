/** The coupon form's "Chosen beats": a search over the store's beats (GET /api/admin/beats?q=…) and the chosen ones, each removable. */
import { useDeferredValue, useId, useState } from 'react';
import { Plus, X } from 'lucide-react';
import { FieldMessages } from '../../../components/ui/field-messages';
import { TextField } from '../../../components/ui/text-field';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useBeatSearch } from '../api/search-beats';
import { formatMoney } from '../lib/format';

export interface PickedBeat {
  _id: string;
  beatTitle: string;
}

export function BeatPicker({ id, chosen, error, onChange }: { id: string; chosen: PickedBeat[]; error?: string; onChange: (beats: PickedBeat[]) => void }) {
  const listId = useId();
  const [q, setQ] = useState('');
  const query = useDeferredValue(q.trim());
  const search = useBeatSearch(query);
  const found = (search.data?.beats ?? []).filter((b) => !chosen.some((c) => c._id === b._id));
  const errorId = `${id}-error`;

  return (
    <fieldset className="beat-picker" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Beats</legend>
      {chosen.length > 0 ? (
        <ul className="beat-picker__chosen" aria-label="Chosen beats">
          {chosen.map((beat) => (
            <li key={beat._id} className="beat-picker__chip">
              <span>{beat.beatTitle}</span>
              <button type="button" className="beat-picker__remove" aria-label={`Remove ${beat.beatTitle}`} onClick={() => onChange(chosen.filter((c) => c._id !== beat._id))}>
                <X aria-hidden="true" />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="field__hint">No beats chosen yet.</p>
      )}
      <TextField
        id={id}
        label="Search beats"
        type="search"
        value={q}
        autoComplete="off"
        placeholder="Title or artist"
        aria-controls={listId}
        onChange={(event) => setQ(event.currentTarget.value)}
      />
      <div id={listId} aria-live="polite">
        {query === '' ? null : search.isError ? (
          <p className="field__hint">The search failed: {errorMessage(search.error)}</p>
        ) : !search.data ? (
          <Spinner label="Searching" />
        ) : found.length === 0 ? (
          <p className="field__hint">No other beats match “{query}”.</p>
        ) : (
          <ul className="beat-picker__results" aria-label="Matching beats">
            {found.map((beat) => (
              <li key={beat._id}>
                <button type="button" className="beat-picker__add" onClick={() => onChange([...chosen, { _id: beat._id, beatTitle: beat.beatTitle }])}>
                  <Plus aria-hidden="true" />
                  <span className="beat-picker__title">{beat.beatTitle}</span>
                  <span className="beat-picker__meta">
                    {beat.artistName} · {beat.beatType}
                    {beat.price !== null ? ` · ${formatMoney(beat.price)}` : ''}
                  </span>
                  <span className="visually-hidden"> (add)</span>
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <FieldMessages error={error} errorId={errorId} />
    </fieldset>
  );
}
