export { VipBanner } from './components/vip-banner';
export { VipPlanModal } from './components/vip-plan-modal';
export { VipPlanCard, vipPlanFeatures } from './components/vip-plan-card';
