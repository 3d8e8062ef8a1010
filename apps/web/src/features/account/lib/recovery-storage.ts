/**
 * The password-recovery steps hand over through the browser (docs/product/accounts.md#password-recovery: the e-mail is kept locally between
 * /forgotpassword and /otpverification). The reset token lives only for this tab.
 */
const EMAIL_KEY = 'recoveryEmail';
const TOKEN_KEY = 'resetToken';

function safely<T>(run: () => T, fallback: T): T {
  try {
    return run();
  } catch {
    return fallback;
  }
}

export const recoveryStorage = {
  email: () => safely(() => localStorage.getItem(EMAIL_KEY), null),
  setEmail: (email: string) => safely(() => localStorage.setItem(EMAIL_KEY, email), undefined),
  resetToken: () => safely(() => sessionStorage.getItem(TOKEN_KEY), null),
  setResetToken: (token: string) => safely(() => sessionStorage.setItem(TOKEN_KEY, token), undefined),
  clear: () =>
    safely(() => {
      localStorage.removeItem(EMAIL_KEY);
      sessionStorage.removeItem(TOKEN_KEY);
    }, undefined),
};
