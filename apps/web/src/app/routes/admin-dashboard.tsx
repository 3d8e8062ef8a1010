/** /admin/dashboard: headline numbers, Global and Beats charts from live data, and the audit log. */
import { useState } from 'react';
import { AdminPage } from '../../features/admin/components/admin-layout';
import { AuditLogPanel } from '../../features/admin/components/audit-log-panel';
import { OverviewCharts } from '../../features/admin/components/overview-charts';
import { RangePicker } from '../../features/admin/components/range-picker';

export function AdminDashboardPage() {
  const [days, setDays] = useState(30);
  return (
    <AdminPage title="Dashboard" lead="The store at a glance, from live data." actions={<RangePicker days={days} onChange={setDays} />}>
      <OverviewCharts days={days} sections={['global', 'beats']} />
      <AuditLogPanel />
    </AdminPage>
  );
}
