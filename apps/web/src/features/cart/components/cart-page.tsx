/**
 * /cart (docs/product/screens-and-words.md#cart): the beat cart and the stems cart, each a selectable list with its own 'Order Summary'.
 * Until the buyer selects anything, the beat list (or, without beats, the stems list) is bought whole: its summary shows
 * every item and Pay Now buys them. Selecting narrows it to the selection, and selecting in one list clears the other. Pay Now opens the hosted checkout for the selection, or sends a
 * visitor to log in (their cart waits in the browser and joins the account). A signed-in buyer's summaries show the
 * server's quote of what is being bought, with the bulk deal and a coupon code (docs/product/deals.md), and Pay Now
 * sends the code unless the quote refused it. The code is kept with the cart (on the server, or in a visitor's browser),
 * so a reload or the next visit shows the same total (docs/product/deals.md#a-code-kept-with-the-cart). A catalog beat's
 * line has a 'License' list of the tiers it offers, for visitors too, at the server's prices (docs/product/licenses.md#tiers).
 */
import { useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { Layers, Music2, ShoppingCart } from 'lucide-react';
import type { StemsCartItem } from '@beat/shared';
import { commerceMessages } from '@beat/shared/messages';
import { ButtonLink } from '../../../components/ui/button';
import { LoadFailed } from '../../../components/ui/load-failed';
import { Spinner } from '../../../components/ui/spinner';
import { paths, withReturnUrl } from '../../../config/paths';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useStartCheckout } from '../api/create-checkout-session';
import { checkoutQuotesQueryKey, useCheckoutQuote } from '../api/get-checkout-quote';
import { cartsQueryKey } from '../api/get-cart';
import { useEndLeftCheckout } from '../api/cancel-checkout';
import { useCart, type CartLine } from '../hooks/use-cart';
import { usePricedVisitorLines } from '../hooks/use-priced-visitor-lines';
import { useCartCoupons } from '../hooks/use-cart-coupons';
import { useStemsCart } from '../hooks/use-stems-cart';
import { CartList, type CartListItem } from './cart-list';
import { OrderSummary, type SummaryDeals } from './order-summary';
import './cart.css';

type ListName = 'beats' | 'stems';

interface Selection {
  list: ListName | null;
  ids: ReadonlySet<string>;
}

const none: Selection = { list: null, ids: new Set() };

export function CartPage() {
  const { isAuthenticated, isLoading: userLoading, user } = useAuth();
  const cart = useCart();
  // A visitor's lines at the server's prices, with the tiers each may be changed to.
  const lines = usePricedVisitorLines(cart.items, !isAuthenticated && !userLoading);
  const stems = useStemsCart();
  const checkout = useStartCheckout(user);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  // Back from a checkout left without paying: it ends, freeing its exclusives (docs/product/offers-and-prices.md#reservations).
  useEndLeftCheckout();
  // Null until the buyer selects: until then the first list is bought whole (docs/product/screens-and-words.md#cart).
  const [chosen, setSelection] = useState<Selection | null>(null);
  const [paying, setPaying] = useState<ListName | null>(null);
  // The code kept with each list, as the buyer last applied it.
  const coupons = useCartCoupons();
  const { codes } = coupons;

  const beatItems: CartListItem[] = useMemo(
    () => lines.map((i: CartLine) => ({
        _id: i._id,
        beatTitle: i.beatTitle,
        artistName: i.artistName,
        slug: i.slug,
        label: i.licence,
        offer: i.licence === 'EXCLUSIVE' ? 'exclusive' : 'lease',
        price: i.price,
        unavailable: i.unavailable,
        upgrade: i.upgrade,
        tier: i.tier,
        tiers: i.tiers,
      })),
    [lines],
  );
  const stemsItems: CartListItem[] = useMemo(
    () => stems.items.map((i: StemsCartItem) => ({
        _id: i._id,
        beatTitle: i.beatTitle,
        artistName: i.artistName,
        slug: i.slug,
        label: 'STEMS',
        offer: 'stems',
        price: i.price,
      })),
    [stems.items],
  );

  const selection = chosen ?? none;
  const wholeList: ListName | null = chosen ? null : beatItems.length > 0 ? 'beats' : stemsItems.length > 0 ? 'stems' : null;

  // What Pay Now buys: the selected items still in the list (a removed item leaves the selection), or the whole list
  // while nothing was selected.
  const toBuy = (list: ListName, items: CartListItem[]) =>
    wholeList === list ? items : selection.list === list ? items.filter((i) => selection.ids.has(i._id)) : [];
  const selectedBeats = toBuy('beats', beatItems);
  const selectedStems = toBuy('stems', stemsItems);
  // Visitors get no quote: their cart is in the browser, and Pay Now sends them to log in.
  const buyerId = isAuthenticated ? (user?._id ?? null) : null;
  const beatsQuote = useCheckoutQuote({ userId: buyerId, sessionType: 'beatPurchase', beatIds: selectedBeats.map((i) => i._id), coupon: codes.beats });
  const stemsQuote = useCheckoutQuote({ userId: buyerId, sessionType: 'stems', beatIds: selectedStems.map((i) => i._id), coupon: codes.stems });
  const quoteOf = (list: ListName) => (list === 'beats' ? beatsQuote : stemsQuote);
  const dealsOf = (list: ListName): SummaryDeals => ({
    code: codes[list],
    quote: quoteOf(list).quote,
    updating: quoteOf(list).isUpdating,
    // A visitor's code waits in the browser: the store checks it once they log in.
    checkedAtLogin: !buyerId,
    onApply: (code) => coupons.apply(list, code),
    onRemove: () => coupons.remove(list),
  });
  /**
   * The code Pay Now sends: the one the quote of these very items applied, or, while that quote is on its way, the kept
   * code (the checkout checks it again and refuses it with its reason rather than charge another amount). Never one
   * the quote refused, nor one without any quote (the summary then shows list prices).
   */
  const codeToSend = (list: ListName): string | undefined => {
    const { quote, isCurrent, isUpdating } = quoteOf(list);
    const code = codes[list];
    if (!code) return undefined;
    if (isCurrent) return quote?.coupon?.applied && quote.coupon.code === code ? code : undefined;
    return isUpdating ? code : undefined;
  };
  const idsOf = (list: ListName) => (selection.list === list ? selection.ids : new Set<string>());

  function toggle(list: ListName, id: string) {
    setSelection((previous) => {
      const current = previous ?? none;
      // Selecting in one list clears the other (docs/product/screens-and-words.md#cart).
      const ids = new Set(current.list === list ? current.ids : []);
      if (ids.has(id)) ids.delete(id);
      else ids.add(id);
      return { list, ids };
    });
  }

  function toggleAll(list: ListName, items: CartListItem[], select: boolean) {
    setSelection(select ? { list, ids: new Set(items.map((i) => i._id)) } : none);
  }

  function pay(list: ListName) {
    const chosen = list === 'beats' ? selectedBeats : selectedStems;
    if (chosen.length === 0) {
      toast.error(commerceMessages.selectAtLeastOne);
      return;
    }
    if (!isAuthenticated) {
      navigate(withReturnUrl(paths.login, paths.cart));
      return;
    }
    setPaying(list);
    const beats = chosen.map((i) => ({ _id: i._id, beatTitle: i.beatTitle, price: i.price }));
    const coupon = codeToSend(list);
    checkout.mutate(list === 'beats' ? { kind: 'beatPurchase', beats, coupon } : { kind: 'stems', beats, coupon }, {
      onError: (error) => {
        setPaying(null);
        toast.error(errorMessage(error));
        // A changed price, a sold beat or a refused code: show the cart, its kept codes and the quote as the server has them now.
        if (error instanceof ApiError && (error.status === 409 || error.status === 400)) {
          void queryClient.invalidateQueries({ queryKey: cartsQueryKey });
          void queryClient.invalidateQueries({ queryKey: checkoutQuotesQueryKey });
        }
      },
    });
  }

  // The kept codes come with the cart, so its summary opens at the price the buyer was shown before.
  const loading = cart.isLoading || stems.isLoading || coupons.isLoading;
  const empty = !loading && beatItems.length === 0 && stemsItems.length === 0;
  const total = beatItems.length + stemsItems.length;

  return (
    <div className="cart-page">
      <title>Cart · Beat Market</title>
      <header className="cart-hero">
        <span className="cart-hero__icon" aria-hidden="true">
          <ShoppingCart />
        </span>
        <div>
          <p className="eyebrow store-hero__eyebrow">Checkout</p>
          <h1 className="cart-hero__title">Cart</h1>
          <p className="cart-hero__lead">
            {loading
              ? 'Loading your cart…'
              : empty
                ? 'Nothing here yet.'
                : `${total} ${total === 1 ? 'item' : 'items'} waiting. Pay Now buys the whole list, or select the items you want first.`}
          </p>
        </div>
      </header>

      {!isAuthenticated && !empty && (
        <p className="cart-notice">
          You are browsing as a visitor: your cart is kept in this browser and joins your account when you{' '}
          <Link to={withReturnUrl(paths.login, paths.cart)}>log in</Link> or <Link to={withReturnUrl(paths.signup, paths.cart)}>sign up</Link>.
        </p>
      )}

      {loading ? (
        <div className="cart-loading">
          <Spinner size="lg" label="Loading your cart" />
        </div>
      ) : cart.isError ? (
        <LoadFailed title="Your cart could not be loaded." query={cart} />
      ) : empty ? (
        <div className="cat-state cart-empty">
          <span className="cat-state__badge" aria-hidden="true">
            <ShoppingCart />
          </span>
          <p className="cat-state__title">Your cart is empty</p>
          <p>Add an exclusive from the store, or a beat's MP3 lease or stems from its download button.</p>
          <ButtonLink to={paths.home} size="sm">
            Browse beats
          </ButtonLink>
        </div>
      ) : (
        <>
          {beatItems.length > 0 && (
            <section className="cart-block" aria-labelledby="cart-beats-title">
              <div className="cart-block__main">
                <h2 id="cart-beats-title" className="cart-block__title">
                  <Music2 aria-hidden="true" />
                  Beats
                </h2>
                <CartList
                  title="Beats"
                  items={beatItems}
                  selected={idsOf('beats')}
                  onToggle={(id) => toggle('beats', id)}
                  onToggleAll={(select) => toggleAll('beats', beatItems, select)}
                  onRemove={(item) => cart.remove({ _id: item._id, beatTitle: item.beatTitle })}
                  removingId={cart.pendingBeatId}
                  onChangeTier={(item, tier) => {
                    const choice = item.tiers?.find((t) => t.key === tier);
                    if (choice) cart.chooseTier(item, choice);
                  }}
                  changingTierId={cart.changingTierId}
                />
              </div>
              <OrderSummary
                listName="Beats"
                selected={selectedBeats}
                wholeList={wholeList === 'beats'}
                onPay={() => pay('beats')}
                busy={paying === 'beats'}
                deals={dealsOf('beats')}
              />
            </section>
          )}
          {stemsItems.length > 0 && (
            <section className="cart-block" aria-labelledby="cart-stems-title">
              <div className="cart-block__main">
                <h2 id="cart-stems-title" className="cart-block__title">
                  <Layers aria-hidden="true" />
                  Stems
                </h2>
                <CartList
                  title="Stems"
                  items={stemsItems}
                  selected={idsOf('stems')}
                  onToggle={(id) => toggle('stems', id)}
                  onToggleAll={(select) => toggleAll('stems', stemsItems, select)}
                  onRemove={(item) => stems.remove({ _id: item._id, beatTitle: item.beatTitle })}
                  removingId={stems.pendingBeatId}
                />
              </div>
              <OrderSummary
                listName="Stems"
                selected={selectedStems}
                wholeList={wholeList === 'stems'}
                onPay={() => pay('stems')}
                busy={paying === 'stems'}
                deals={dealsOf('stems')}
              />
            </section>
          )}
        </>
      )}
    </div>
  );
}
