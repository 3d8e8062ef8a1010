/**
 * /user-dashboard (docs/product/screens-and-words.md#account-pages): 'Dashboard' with the upgrades the buyer may make
 * (docs/product/licenses.md#upgrades), the purchase cards, 'My Exclusive Beats', 'Purchased Stems' and the purchased beats.
 * The three purchased lists load in parallel and each shows its own failure.
 */
import type { ReactNode } from 'react';
import { ArrowRight } from 'lucide-react';
import type { User } from '@beat/shared';
import { ButtonLink } from '../../../components/ui/button';
import { LoadMore, type LoadMoreProps } from '../../../components/ui/load-more';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { paths } from '../../../config/paths';
import { BeatList } from '../../catalog';
import { usePurchasedBeats } from '../api/get-purchased-beats';
import { useRecentPurchases } from '../api/get-recent-purchases';
import { ExclusiveBeats } from './exclusive-beats';
import { PurchaseCards } from './purchase-cards';
import { PurchasedStems } from './purchased-stems';
import { UpgradeOffers } from './upgrade-offers';
import './purchases.css';

/** How many purchase cards the dashboard shows before "See all". */
const RECENT = 6;

export function Dashboard({ user }: { user: User }) {
  // One more than the cards shown tells whether there are more to see.
  const recent = useRecentPurchases(user._id, RECENT + 1);
  const exclusives = usePurchasedBeats('exclusives', user.email);
  const stems = usePurchasedBeats('stems', user.email);
  const leases = usePurchasedBeats('beats', user.email);
  const all = recent.data ?? [];

  return (
    <>
      <UpgradeOffers />

      <DashSection
        id="dash-purchases"
        title="Purchases"
        action={
          all.length > RECENT && (
            <ButtonLink to={paths.purchaseHistory} size="sm" variant="ghost" iconEnd={<ArrowRight aria-hidden="true" />}>
              See all
            </ButtonLink>
          )
        }
        state={recent}
        what="your purchases"
      >
        <PurchaseCards purchases={all.slice(0, RECENT)} />
      </DashSection>

      <DashSection id="dash-exclusives" title="My Exclusive Beats" state={exclusives} what="your exclusive beats" hideWhenEmpty more={exclusives}>
        <ExclusiveBeats beats={exclusives.data ?? []} />
      </DashSection>

      <DashSection id="dash-stems" title="Purchased Stems" state={stems} what="your stems" hideWhenEmpty more={stems}>
        <PurchasedStems beats={stems.data ?? []} />
      </DashSection>

      <DashSection id="dash-beats" title="Purchased Beats" state={leases} what="your beats" hideWhenEmpty>
        <BeatList
          beats={leases.data ?? []}
          label="Purchased beats"
          purchased
          hasMore={leases.hasNextPage}
          isLoadingMore={leases.isFetchingNextPage}
          onLoadMore={() => void leases.fetchNextPage()}
        />
      </DashSection>
    </>
  );
}

interface SectionState {
  isPending: boolean;
  isError: boolean;
  error: unknown;
  data?: unknown[];
  refetch: () => unknown;
}

function DashSection({
  id,
  title,
  action,
  state,
  what,
  hideWhenEmpty = false,
  more,
  children,
}: {
  id: string;
  title: string;
  action?: ReactNode;
  state: SectionState;
  what: string;
  hideWhenEmpty?: boolean;
  /** Adds "Load more" under the section while its list has more pages. */
  more?: LoadMoreProps['pages'];
  children: ReactNode;
}) {
  if (hideWhenEmpty && state.data && state.data.length === 0) return null;
  return (
    <section className="dash-section" aria-labelledby={id}>
      <div className="cat-section__head">
        <h2 id={id} className="section-heading cat-section__title">
          {title}
        </h2>
        {action}
      </div>
      {state.isPending ? (
        <div className="dash-loading">
          <Spinner label={`Loading ${what}`} />
        </div>
      ) : state.isError ? (
        <LoadFailed title={`We could not load ${what}.`} query={state} />
      ) : (
        <>
          {children}
          {more && <LoadMore pages={more} className="dash-more" />}
        </>
      )}
    </section>
  );
}
