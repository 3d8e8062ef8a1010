/** /account-setting — profile and password of the signed-in user (protected). */
import { RequireAuth } from '../../features/auth';
import { AccountSettings } from '../../features/account';

export function AccountSettingPage() {
  return <RequireAuth loadingLabel="Loading your account settings">{(user) => <AccountSettings user={user} />}</RequireAuth>;
}
