/** /account-setting: the profile and the password, in the user layout; the forced-change alert on top when due. */
import { useId } from 'react';
import { KeyRound, UserRoundPen } from 'lucide-react';
import type { User } from '@beat/shared';
import { UserLayout } from './user-layout';
import { AccountPasswordForm } from './account-password-form';
import { PasswordChangeAlert } from './password-change-alert';
import { mustChangePassword } from './password-change-gate';
import { ProfileForm } from './profile-form';
import './account-settings.css';

export function AccountSettings({ user }: { user: User }) {
  const profileId = useId();
  const passwordId = useId();
  const pending = mustChangePassword(user);

  const passwordCard = (
    <section className="settings-card" aria-labelledby={passwordId} key="password">
      <header className="settings-card__header">
        <span className="settings-card__icon" aria-hidden="true">
          <KeyRound />
        </span>
        <div>
          <h2 id={passwordId} className="settings-card__title">
            Password
          </h2>
          <p className="settings-card__lead">Changing it signs you out everywhere else.</p>
        </div>
      </header>
      <AccountPasswordForm user={user} />
    </section>
  );

  const profileCard = (
    <section className="settings-card" aria-labelledby={profileId} key="profile">
      <header className="settings-card__header">
        <span className="settings-card__icon" aria-hidden="true">
          <UserRoundPen />
        </span>
        <div>
          <h2 id={profileId} className="settings-card__title">
            Profile
          </h2>
          <p className="settings-card__lead">
            {pending ? 'Available once your password is changed.' : 'How you appear across Beat Market.'}
          </p>
        </div>
      </header>
      <ProfileForm user={user} disabled={pending} />
    </section>
  );

  return (
    <UserLayout title="Account Settings" lead="Your profile, your picture and your password.">
      {pending && <PasswordChangeAlert />}
      {pending ? [passwordCard, profileCard] : [profileCard, passwordCard]}
    </UserLayout>
  );
}
