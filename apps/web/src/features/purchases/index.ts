/** Public surface of features/purchases: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { Dashboard } from './components/dashboard';
export { PurchaseHistory } from './components/purchase-history';
export { Library } from './components/library';
export { LicenseVerification } from './components/license-verification';
export { LicenceTermsView } from './components/licence-terms-view';
