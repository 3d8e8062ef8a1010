/** /account-setting: the profile and the password, in the user layout; the forced-change alert on top when due. */
import { useId, type ReactNode } from 'react';
import { KeyRound, UserRoundPen } from 'lucide-react';
import type { User } from '@beat/shared';
import { UserLayout } from './user-layout';
import { AccountPasswordForm } from './account-password-form';
import { PasswordChangeAlert } from './password-change-alert';
import { mustChangePassword } from './password-change-gate';
import { ProfileForm } from './profile-form';
import './account-settings.css';

export function AccountSettings({ user }: { user: User }) {
  const pending = mustChangePassword(user);

  const passwordCard = (
    <SettingsCard key="password" icon={<KeyRound />} title="Password" lead="Changing it signs you out everywhere else.">
      <AccountPasswordForm user={user} />
    </SettingsCard>
  );

  const profileCard = (
    <SettingsCard
      key="profile"
      icon={<UserRoundPen />}
      title="Profile"
      lead={pending ? 'Available once your password is changed.' : 'How you appear across Beat Market.'}
    >
      <ProfileForm user={user} disabled={pending} />
    </SettingsCard>
  );

  return (
    <UserLayout title="Account Settings" lead="Your profile, your picture and your password.">
      {pending && <PasswordChangeAlert />}
      {pending ? [passwordCard, profileCard] : [profileCard, passwordCard]}
    </UserLayout>
  );
}

function SettingsCard({ icon, title, lead, children }: { icon: ReactNode; title: string; lead: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section className="settings-card" aria-labelledby={headingId}>
      <header className="settings-card__header">
        <span className="settings-card__icon" aria-hidden="true">
          {icon}
        </span>
        <div>
          <h2 id={headingId} className="settings-card__title">
            {title}
          </h2>
          <p className="settings-card__lead">{lead}</p>
        </div>
      </header>
      {children}
    </section>
  );
}
