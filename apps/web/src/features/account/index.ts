/** Public surface of features/account: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { AccountSettings } from './components/account-settings';
export { ForgotPasswordForm } from './components/forgot-password-form';
export { OtpForm } from './components/otp-form';
export { PasswordChangeGate } from './components/password-change-gate';
export { RecoveryLayout } from './components/recovery-layout';
export { ResetPasswordForm } from './components/reset-password-form';
export { UserLayout } from './components/user-layout';
export { recoveryStorage } from './lib/recovery-storage';
