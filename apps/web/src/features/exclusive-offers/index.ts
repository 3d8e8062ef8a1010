/** Public surface of features/exclusive-offers: offers on exclusives (docs/product/exclusive-offers.md). */
export { MakeOffer } from './components/make-offer';
export { MyOffers } from './components/my-offers';
export { AdminOffers } from './components/admin-offers';
export { MinimumOfferForm } from './components/minimum-offer-form';
