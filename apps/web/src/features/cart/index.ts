/** Public surface of features/cart: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { CartPage } from './components/cart-page';
export { CartToggleButton } from './components/cart-toggle-button';
export { PaymentConfirmPage } from './components/payment-confirm';
export { LicenseTermsSummary } from './components/licence-terms-summary';
export { LeaseOfferCard } from './components/lease-offer-card';
export { UpgradeAction, UpgradeButton } from './components/upgrade-button';
export { KeepAmountTogether } from './components/keep-amount-together';
export { useStartCheckout, type CheckoutRequest } from './api/create-checkout-session';
export { useUpgrades } from './api/get-upgrades';
export { upgradeWords } from './lib/upgrade-words';
export { useCart } from './hooks/use-cart';
export { useStemsCart } from './hooks/use-stems-cart';
export { useCartCount } from './hooks/use-cart-count';
export { TierCard, tierView, useOtherTiers } from './components/tier-cards';
