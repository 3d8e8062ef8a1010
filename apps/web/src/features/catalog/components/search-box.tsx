/** The catalog's search field: a labelled search input (the caller debounces and searches on the server). */
import { useId, useRef } from 'react';
import { Search, X } from 'lucide-react';
import { useValueSetBeforeTakeover } from '../../../hooks/use-value-set-before-takeover';
import './search-box.css';

export interface SearchBoxProps {
  value: string;
  onChange: (value: string) => void;
  /** Visible placeholder and accessible label. */
  label?: string;
  /** Shown while the results for the typed text are on their way. */
  busy?: boolean;
  className?: string;
}

export function SearchBox({ value, onChange, label = 'Search for beats or tags', busy = false, className }: SearchBoxProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  // Typed into the drawn first screen before the app took over: searched for now.
  useValueSetBeforeTakeover(inputRef, (input) => onChange(input.value), value);
  return (
    <div role="search" className={['search-box', busy && 'search-box--busy', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-box__icon" aria-hidden="true" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        className="search-box__input"
        placeholder={label}
        value={value}
        maxLength={100}
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="search"
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape' && value) {
            event.preventDefault();
            onChange('');
          }
        }}
      />
      {busy && <span className="search-box__pulse" aria-hidden="true" />}
      {value && (
        <button type="button" className="search-box__clear" aria-label="Clear search" onClick={() => onChange('')}>
          <X aria-hidden="true" />
        </button>
      )}
    </div>
  );
}
