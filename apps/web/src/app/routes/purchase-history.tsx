/** /purchase-history: every purchase, newest first, each with its licence agreement (docs/product/screens-and-words.md#account-pages). */
import { UserLayout } from '../../features/account';
import { RequireAuth } from '../../features/auth';
import { PurchaseHistory } from '../../features/purchases';

export function PurchaseHistoryPage() {
  return (
    <RequireAuth loadingLabel="Loading your purchases">
      {(user) => (
        <UserLayout title="Purchase History" lead="Every order, newest first.">
          <PurchaseHistory user={user} />
        </UserLayout>
      )}
    </RequireAuth>
  );
}
