/**
 * Guard of /admin/*: admins only (docs/product/accounts.md#admin). A visitor is sent to log in and brought back; a signed-in
 * non-admin is sent to the catalog with a toast. The server refuses them anyway (401/403 on /api/admin/*).
 */
import { useEffect, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import toast from 'react-hot-toast';
import { Spinner } from '../../../components/ui/spinner';
import { paths, withReturnUrl } from '../../../config/paths';
import { useAuth } from '../../auth';

export const adminOnlyMessage = 'The admin area is for admins only.';
export const adminLoginMessage = 'Log in with an admin account to open the admin area.';

export function RequireAdmin({ children }: { children: ReactNode }) {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();
  const verdict = isLoading ? 'loading' : !isAuthenticated || !user ? 'visitor' : user.isAdmin ? 'admin' : 'refused';

  useEffect(() => {
    // One toast however often this renders (the id dedupes it).
    if (verdict === 'refused') toast.error(adminOnlyMessage, { id: 'admin-only' });
    if (verdict === 'visitor') toast.error(adminLoginMessage, { id: 'admin-only' });
  }, [verdict]);

  if (verdict === 'visitor') {
    return <Navigate to={withReturnUrl(paths.login, `${location.pathname}${location.search}`)} replace />;
  }
  if (verdict === 'refused') return <Navigate to={paths.home} replace />;
  if (verdict === 'loading') {
    return (
      <div className="admin-loading">
        <Spinner size="lg" label="Checking your access" />
      </div>
    );
  }
  return <>{children}</>;
}
