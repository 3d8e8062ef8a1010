/**
 * /library, "My Library" (docs/product/library.md): every beat the user may download, each with how it is held, its
 * license and a download button per file; for VIP members the whole VIP catalog below, searchable with the
 * catalog's own search box and filter bar. `?just={checkoutId}` puts that checkout's beats first and marks them;
 * `?beat={beatId}` (from Purchase History) marks one beat and scrolls to it.
 */
import { useEffect, useMemo, useRef } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Download, LibraryBig, Sparkles } from 'lucide-react';
import type { LibraryItem, User } from '@beat/shared';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Button, ButtonLink } from '../../../components/ui/button';
import { LoadMore } from '../../../components/ui/load-more';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { beatPath, paths } from '../../../config/paths';
import { appendApiFilters, FilterBar, leasePriceSteps, SearchBox, useCatalogFilters, useSearchQuery } from '../../catalog';
import { downloadLabels, useDownload } from '../../downloads';
import { useLibrary } from '../api/get-library';
import { formatPurchaseDate } from '../lib/format-date';
import { LicenceButton } from './licence-button';
import './library.css';

/** Owned beats per page: most accounts see all of theirs at once. */
const OWNED_PAGE = 100;
/** VIP catalog beats per page. */
const CATALOG_PAGE = 24;

export function Library({ user }: { user: User }) {
  const [params] = useSearchParams();
  const just = params.get('just');
  const focusBeat = params.get('beat');
  const owned = useLibrary({ userId: user._id, section: 'owned', limit: OWNED_PAGE });

  // The beats of the checkout just paid come first (they are the newest anyway, unless a page of them was split).
  const ownedItems = useMemo(() => {
    const items = owned.items ?? [];
    if (!just) return items;
    const fromCheckout = (item: LibraryItem) => item.holds.some((h) => h.checkoutId === just);
    return [...items.filter(fromCheckout), ...items.filter((i) => !fromCheckout(i))];
  }, [owned.items, just]);
  const justCount = just ? ownedItems.filter((i) => i.holds.some((h) => h.checkoutId === just)).length : 0;

  if (owned.isPending) {
    return (
      <div className="dash-loading">
        <Spinner size="lg" label="Loading your library" />
      </div>
    );
  }
  if (owned.isError) {
    return <LoadFailed title="Your library could not be loaded." query={owned} />;
  }
  const vip = owned.vipCatalog === true;

  return (
    <div className="lib">
      {justCount > 0 && (
        <p className="lib__notice" role="status">
          <Sparkles aria-hidden="true" />
          {justCount === 1 ? 'Your new beat is ready to download.' : `Your ${justCount} new beats are ready to download.`}
        </p>
      )}
      <section className="dash-section" aria-labelledby="lib-owned">
        <h2 id="lib-owned" className="lib__heading">
          Your beats
        </h2>
        {ownedItems.length === 0 ? (
          <EmptyLibrary vip={vip} />
        ) : (
          <ul className="lib-list" aria-label="Your beats">
            {ownedItems.map((item) => (
              <LibraryRow
                key={item.beat.id}
                item={item}
                justBought={!!just && item.holds.some((h) => h.checkoutId === just)}
                focused={item.beat.id === focusBeat}
              />
            ))}
          </ul>
        )}
        <LoadMore pages={owned} className="dash-more" />
      </section>
      {vip && <VipCatalogPart user={user} />}
    </div>
  );
}

function EmptyLibrary({ vip }: { vip: boolean }) {
  return (
    <div className="cat-state lib__empty">
      <span className="cat-state__badge" aria-hidden="true">
        <LibraryBig />
      </span>
      <p className="cat-state__title">Your library is empty</p>
      <p>
        {vip
          ? 'Beats you buy as exclusives or with stems appear here. Every beat of the VIP catalog is already yours to download below.'
          : 'Beats you buy, and beats you unlock with a credit, appear here with their license and files. VIP members can download the whole catalog.'}
      </p>
      <div className="lib__empty-actions">
        <ButtonLink to={paths.home} size="sm">
          Browse beats
        </ButtonLink>
        {!vip && (
          <ButtonLink to={paths.vip} size="sm" variant="secondary">
            About the VIP plan
          </ButtonLink>
        )}
      </div>
    </div>
  );
}

function VipCatalogPart({ user }: { user: User }) {
  const search = useSearchQuery();
  const filtersState = useCatalogFilters();
  const apiParams = useMemo(() => {
    const next = new URLSearchParams();
    if (search.q) next.set('q', search.q);
    appendApiFilters(next, filtersState.filters);
    return next;
  }, [search.q, filtersState.filters]);
  const catalog = useLibrary({ userId: user._id, section: 'vipCatalog', limit: CATALOG_PAGE, params: apiParams });
  const items = catalog.items ?? [];
  const plan = items[0]?.holds.find((h) => h.kind === 'vipPlan' && h.purchaseId !== null);

  return (
    <section className="dash-section lib__catalog" aria-labelledby="lib-catalog">
      <div className="lib__catalog-head">
        <h2 id="lib-catalog" className="lib__heading">
          Whole VIP catalog
        </h2>
        <p className="lib__lead">Your VIP plan lets you download every beat of the catalog, MP3 and WAV.</p>
        {plan?.purchaseId && <LicenceButton purchaseId={plan.purchaseId} itemName="VIP Plan" label="VIP Plan License (PDF)" variant="secondary" />}
      </div>
      <SearchBox
        value={search.input}
        onChange={search.setInput}
        label="Search the VIP catalog"
        busy={search.isDebouncing || (catalog.isFetching && !catalog.isFetchingNextPage)}
      />
      <FilterBar state={filtersState} q={search.q || undefined} type="Non-Exclusive" priceSteps={leasePriceSteps} label="Filter the VIP catalog" />
      {catalog.isPending ? (
        <div className="dash-loading">
          <Spinner size="lg" label="Loading the VIP catalog" />
        </div>
      ) : catalog.isError ? (
        <LoadFailed title="The VIP catalog could not be loaded." query={catalog} />
      ) : items.length === 0 ? (
        <div className="cat-state">
          <p className="cat-state__title">No beats match</p>
          <p>Try another search, or remove a filter.</p>
          <Button
            size="sm"
            variant="secondary"
            onClick={() => {
              search.setInput('');
              filtersState.clearAll();
            }}
          >
            Clear search and filters
          </Button>
        </div>
      ) : (
        <ul className="lib-list" aria-label="VIP catalog beats" aria-busy={catalog.isFetching && !catalog.isFetchingNextPage}>
          {items.map((item) => (
            <LibraryRow key={item.beat.id} item={item} licenses={false} />
          ))}
        </ul>
      )}
      <LoadMore pages={catalog} className="dash-more" />
    </section>
  );
}

interface LibraryRowProps {
  item: LibraryItem;
  justBought?: boolean;
  focused?: boolean;
  /** Each licence of its own; the VIP catalog's one plan licence is offered once, above its list. */
  licenses?: boolean;
}

function LibraryRow({ item, justBought = false, focused = false, licenses = true }: LibraryRowProps) {
  const { beat } = item;
  const { download, isDownloading } = useDownload();
  const ref = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (focused) ref.current?.scrollIntoView({ block: 'center' });
  }, [focused]);
  const licensed = licenses ? item.holds.filter((h) => h.purchaseId !== null) : [];

  return (
    <li
      ref={ref}
      className={['lib-row', justBought && 'lib-row--new', focused && 'lib-row--focused'].filter(Boolean).join(' ')}
      aria-label={beat.title}
      aria-current={focused ? 'true' : undefined}
    >
      <BeatArtwork id={beat.id} title={beat.title} className="lib-row__art" />
      <div className="lib-row__main">
        <p className="lib-row__title">
          {beat.inStore ? <Link to={beatPath(beat.slug)}>{beat.title}</Link> : <span>{beat.title}</span>}
          {justBought && <span className="lib-row__badge">Just bought</span>}
        </p>
        <p className="lib-row__meta">
          {[beat.artistName, `${beat.bpm} BPM`, beat.category].filter(Boolean).join(' · ')}
          {!beat.inStore && ' · no longer in the store'}
        </p>
        <ul className="lib-row__holds" aria-label={`How you hold ${beat.title}`}>
          {item.holds.map((hold) => (
            <li key={`${hold.kind}-${hold.purchaseId ?? 'none'}`} className={`lib-hold lib-hold--${hold.kind}`}>
              {hold.tier?.name ?? hold.label}
              {hold.acquiredAt && <span className="lib-hold__date"> · {formatPurchaseDate(hold.acquiredAt)}</span>}
            </li>
          ))}
        </ul>
      </div>
      <div className="lib-row__actions">
        <ul className="lib-row__files" aria-label={`Downloads of ${beat.title}`}>
          {item.files.map((file) => (
            <li key={file.fileType}>
              <Button
                size="sm"
                variant="primary"
                icon={<Download aria-hidden="true" />}
                busy={isDownloading(beat.id, file.fileType)}
                busyLabel="Downloading..."
                aria-label={`${downloadLabels[file.fileType]}: ${beat.title}`}
                title={file.label}
                onClick={() => void download({ beatId: beat.id, fileType: file.fileType })}
              >
                {downloadLabels[file.fileType]}
              </Button>
            </li>
          ))}
        </ul>
        {licensed.map((hold) => (
          <LicenceButton
            key={hold.purchaseId}
            purchaseId={hold.purchaseId!}
            itemName={licensed.length > 1 ? `${beat.title}, ${hold.label}` : beat.title}
            label={licensed.length > 1 ? `${hold.label} License (PDF)` : 'License (PDF)'}
          />
        ))}
      </div>
    </li>
  );
}
