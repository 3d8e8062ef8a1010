/** /admin/analytics: tabs Global, Beats and Users (the purchases ledger); 'Add New User' opens the Invite User form. */
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { AdminPage, BeatStatsTable, InviteUserModal, OverviewCharts, PurchasesTable, RangePicker, Tabs } from '../../features/admin';

const tabIds = ['global', 'beats', 'users'] as const;
type TabId = (typeof tabIds)[number];

export function AdminAnalyticsPage() {
  const [params, setParams] = useSearchParams();
  const tab: TabId = tabIds.find((t) => t === params.get('tab')) ?? 'global';
  const [days, setDays] = useState(30);
  const [inviting, setInviting] = useState(false);
  const range = (
    <div className="analytics-toolbar">
      <RangePicker days={days} onChange={setDays} />
    </div>
  );
  return (
    <AdminPage
      title="Analytics"
      lead="Sales, listeners and members, from live data. Days are UTC."
      actions={
        <Button icon={<UserPlus />} onClick={() => setInviting(true)}>
          Add New User
        </Button>
      }
    >
      <Tabs
        label="Analytics"
        active={tab}
        onChange={(id) => setParams(id === 'global' ? {} : { tab: id }, { replace: true })}
        tabs={[
          {
            id: 'global',
            label: 'Global',
            panel: (
              <>
                {range}
                <OverviewCharts days={days} sections={['global']} expanded />
              </>
            ),
          },
          {
            id: 'beats',
            label: 'Beats',
            panel: (
              <>
                {range}
                <OverviewCharts days={days} sections={['beats']} expanded showKpis={false} />
                <BeatStatsTable />
              </>
            ),
          },
          { id: 'users', label: 'Users', panel: <PurchasesTable /> },
        ]}
      />
      <InviteUserModal open={inviting} onClose={() => setInviting(false)} />
    </AdminPage>
  );
}
