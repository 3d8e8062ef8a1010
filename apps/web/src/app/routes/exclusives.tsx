/** /exclusives: every unsold exclusive as a grid, with search (docs/product/screens-and-words.md#screens). */
import { ExclusivesSection, SearchBox, useSearchQuery } from '../../features/catalog';
import './store-pages.css';

export function ExclusivesPage() {
  const search = useSearchQuery();
  return (
    <div className="store-page">
      <title>New Exclusives · Beat Market</title>
      <ExclusivesSection
        q={search.q}
        layout="grid"
        headingLevel={1}
        subtitle="Includes Stems, FREE Mixing/Mastering (time-limited), and 100% Royalties"
        actions={<SearchBox value={search.input} onChange={search.setInput} busy={search.isDebouncing} className="store-search" />}
      />
    </div>
  );
}
