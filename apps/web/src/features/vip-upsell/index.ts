/** Public surface of features/vip-upsell: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { VipBanner } from './components/vip-banner';
export { vipPlanFeatures } from './components/vip-plan-card';
export { useCreatePlanCheckout } from './api/create-plan-checkout';
