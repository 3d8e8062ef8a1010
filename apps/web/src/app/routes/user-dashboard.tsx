/** /user-dashboard: 'Dashboard' — purchases, exclusives, stems and beats, in the account layout (docs/product/screens-and-words.md#account-pages). */
import { UserLayout } from '../../features/account';
import { RequireAuth } from '../../features/auth';
import { Dashboard } from '../../features/purchases';

export function UserDashboardPage() {
  return (
    <RequireAuth loadingLabel="Loading your dashboard">
      {(user) => (
        <UserLayout title="Dashboard" lead="Everything you bought, ready to play and download.">
          <Dashboard user={user} />
        </UserLayout>
      )}
    </RequireAuth>
  );
}
