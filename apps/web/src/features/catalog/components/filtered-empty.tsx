/** What a list says when the filters leave nothing: what to try, and "Clear all" (inside the list's `.cat-state` box). */
import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';

export interface FilteredEmptyProps {
  /** "beats" or "exclusives". */
  noun: string;
  q?: string;
  onClear: () => void;
  /** One line without the hint (a section that is not the page's main list). */
  compact?: boolean;
}

export function FilteredEmpty({ noun, q, onClear, compact = false }: FilteredEmptyProps) {
  return (
    <>
      <SearchX className="cat-state__icon" aria-hidden="true" />
      <p className="cat-state__title">{q ? `No ${noun} match “${q}” with these filters.` : `No ${noun} match these filters.`}</p>
      {!compact && <p>Try a wider BPM range, a higher price or fewer genres, moods and keys.</p>}
      <Button size="sm" variant="secondary" onClick={onClear}>
        Clear all
      </Button>
    </>
  );
}
