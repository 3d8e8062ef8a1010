/**
 * Forced password change (docs/product/accounts.md#forced-password-change): while the signed-in user has hasPasswordChanged false, every page sends them
 * to /account-setting. The server refuses their other calls too.
 */
import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth';

export function mustChangePassword(user: { hasPasswordChanged: boolean } | null): boolean {
  return user !== null && !user.hasPasswordChanged;
}

export function PasswordChangeGate({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  const { pathname } = useLocation();
  if (mustChangePassword(user) && pathname.replace(/(.)\/+$/, '$1') !== paths.accountSetting) {
    return <Navigate to={paths.accountSetting} replace />;
  }
  return <>{children}</>;
}
