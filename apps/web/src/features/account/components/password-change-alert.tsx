/** The alert of the forced password change (docs/product/accounts.md#forced-password-change), in the product's words. */
import { ShieldAlert } from 'lucide-react';
import { accountMessages } from '@beat/shared';

export function PasswordChangeAlert() {
  return (
    <div className="settings-alert" role="alert">
      <ShieldAlert aria-hidden="true" className="settings-alert__icon" />
      <div>
        <p className="settings-alert__title">{accountMessages.passwordChangeRequiredTitle}</p>
        <p className="settings-alert__text">{accountMessages.passwordChangeRequired}</p>
      </div>
    </div>
  );
}
