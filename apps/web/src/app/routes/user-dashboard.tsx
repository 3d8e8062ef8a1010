/** /user-dashboard: 'Dashboard' — purchases, exclusives, stems and beats, then the offers made on exclusives, in the account layout (docs/product/screens-and-words.md#account-pages). */
import { LibraryBig } from 'lucide-react';
import { ButtonLink } from '../../components/ui/button';
import { paths } from '../../config/paths';
import { UserLayout } from '../../features/account';
import { RequireAuth } from '../../features/auth';
import { MyOffers } from '../../features/exclusive-offers';
import { Dashboard } from '../../features/purchases';

export function UserDashboardPage() {
  return (
    <RequireAuth loadingLabel="Loading your dashboard">
      {(user) => (
        <UserLayout
          title="Dashboard"
          lead="Everything you bought, ready to play and download."
          // Credit unlocks and the VIP catalog are downloaded from the library (docs/product/library.md).
          actions={
            <ButtonLink to={paths.library} size="sm" variant="secondary" icon={<LibraryBig aria-hidden="true" />}>
              My Library
            </ButtonLink>
          }
        >
          <Dashboard user={user} />
          <MyOffers />
        </UserLayout>
      )}
    </RequireAuth>
  );
}
