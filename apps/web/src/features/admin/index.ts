/** Public surface of features/admin: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { AdminLayout, AdminPage } from './components/admin-layout';
export { AuditLogPanel } from './components/audit-log-panel';
export { BeatFormModal } from './components/beat-form-modal';
export { BeatStatsTable } from './components/beat-stats-table';
export { BeatsSection } from './components/beats-section';
export { InviteUserModal } from './components/invite-user-modal';
export { LeadsTable } from './components/leads-table';
export { LicensesPanels } from './components/licenses-panels';
export { OverviewCharts } from './components/overview-charts';
export { PaymentsAttentionPanel } from './components/payments-attention-panel';
export { PurchasesTable } from './components/purchases-table';
export { RangePicker } from './components/range-picker';
export { StoreSettingsPanels } from './components/store-settings-panels';
export { Tabs } from './components/tabs';
export { UsersTable } from './components/users-table';
export { DealsPanels } from './components/deals-panels';
