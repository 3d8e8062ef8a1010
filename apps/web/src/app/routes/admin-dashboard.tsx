/** /admin/dashboard: headline numbers, Global and Beats charts from live data, payments needing attention, and the audit log. */
import { useState } from 'react';
import { AdminPage, AuditLogPanel, OverviewCharts, PaymentsAttentionPanel, RangePicker } from '../../features/admin';

export function AdminDashboardPage() {
  const [days, setDays] = useState(30);
  return (
    <AdminPage title="Dashboard" lead="The store at a glance, from live data." actions={<RangePicker days={days} onChange={setDays} />}>
      <OverviewCharts days={days} sections={['global', 'beats']} />
      <PaymentsAttentionPanel />
      <AuditLogPanel />
    </AdminPage>
  );
}
