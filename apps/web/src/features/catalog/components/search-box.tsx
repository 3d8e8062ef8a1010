/** The catalog's search field: a labelled search input (the caller debounces and searches on the server). */
import { useId, useRef } from 'react';
import { Search, X } from 'lucide-react';
import { useValueSetBeforeHydration } from '../../../hooks/use-value-set-before-hydration';
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
  // Typed before the page's code was in: searched for now.
  useValueSetBeforeHydration(inputRef, (input) => onChange(input.value), value);
  return (
    // A GET form: before the page's code is in, Enter asks the server for the page with `?q=`; after, the list follows
    // the typing and the form is never sent.
    <form
      role="search"
      method="get"
      className={['search-box', busy && 'search-box--busy', className].filter(Boolean).join(' ')}
      onSubmit={(event) => event.preventDefault()}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <Search className="search-box__icon" aria-hidden="true" />
      <input
        ref={inputRef}
        id={id}
        type="search"
        name="q"
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
    </form>
  );
}
