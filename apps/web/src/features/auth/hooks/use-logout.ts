/** Logout from a menu: busy while it runs, then the "logged out" toast and the home page, or the error as a toast. */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { messages } from '@beat/shared/messages';
import { paths } from '../../../config/paths';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../auth-context';

/** `onLoggedOut` runs once the session has ended, before the toast (e.g. to close the drawer the button was in). */
export function useLogout(onLoggedOut?: () => void): { loggingOut: boolean; logOut: () => Promise<void> } {
  const { logout } = useAuth();
  const navigate = useNavigate();
  const [loggingOut, setLoggingOut] = useState(false);

  async function logOut() {
    setLoggingOut(true);
    try {
      await logout();
      onLoggedOut?.();
      toast.success(messages.loggedOut);
      navigate(paths.home);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setLoggingOut(false);
    }
  }
  return { loggingOut, logOut };
}
