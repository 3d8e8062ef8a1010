/**
 * Route guard for the account pages (/purchase-history, /favourite, /account-setting, /user-dashboard; docs/product/screens-and-words.md#visitors).
 * Visitors go to /login?returnUrl=<where they were>, and the login page brings them back after signing in.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { User } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { paths, withReturnUrl } from '../../../config/paths';
import { useAuth } from '../auth-context';
import './require-auth.css';

export interface RequireAuthProps {
  /** The page, or a function of the signed-in user (rendered only once the user has loaded). */
  children: ReactNode | ((user: User) => ReactNode);
  /** Read by screen readers while the user loads. */
  loadingLabel?: string;
}

export function RequireAuth({ children, loadingLabel = 'Loading your account' }: RequireAuthProps) {
  const { isAuthenticated, isLoading, user } = useAuth();
  const location = useLocation();

  if (isLoading) {
    return (
      <div className="require-auth__loading">
        <Spinner size="lg" label={loadingLabel} />
      </div>
    );
  }
  if (!isAuthenticated || !user) {
    const here = `${location.pathname}${location.search}${location.hash}`;
    return <Navigate to={withReturnUrl(paths.login, here)} replace />;
  }
  return <>{typeof children === 'function' ? children(user) : children}</>;
}
