/** Public surface of features/cart: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { CartPage } from './components/cart-page';
export { CartOffers } from './components/cart-offers';
export { CartToggleButton } from './components/cart-toggle-button';
export { PaymentConfirmPage } from './components/payment-confirm';
export { useStartCheckout, type CheckoutRequest } from './api/create-checkout-session';
export { useCart } from './hooks/use-cart';
export { useStemsCart } from './hooks/use-stems-cart';
export { useCartCount } from './hooks/use-cart-count';
