/** /library, "My Library": every beat the user may download, with its license and files (docs/product/library.md). */
import { UserLayout } from '../../features/account';
import { RequireAuth } from '../../features/auth';
import { Library } from '../../features/purchases';

export function LibraryPage() {
  return (
    <RequireAuth loadingLabel="Loading your library">
      {(user) => (
        <UserLayout title="My Library" lead="Every beat you may download, with its license and files.">
          <Library user={user} />
        </UserLayout>
      )}
    </RequireAuth>
  );
}
