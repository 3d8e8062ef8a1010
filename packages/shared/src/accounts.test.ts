/**
 * Accounts (docs/product/accounts.md): login, signup, password recovery and the account settings refuse bad input
 * with the product's own words (docs/product/screens-and-words.md).
 */
import { describe, expect, it } from 'vitest';
import {
  accountMessages,
  changeNewPasswordBody,
  changePasswordBody,
  getUserBody,
  loginBody,
  loginFormErrorMessage,
  messages,
  sendOtpBody,
  sessionTimeBody,
  signupBody,
  updateInfoBody,
  userTypeInput,
  verifyOtpBody,
} from './index.js';
import { accepted, refusal, refusals } from './test/refusals.js';

const login = { email: 'buyer@demo.test', password: 'demo-password' };

describe('loginBody', () => {
  it('accepts an address with spaces and capitals, kept trimmed in small letters', () => {
    expect(accepted(loginBody, { email: '  Buyer@Demo.TEST ', password: 'demo-password', remember: true })).toEqual({
      email: 'buyer@demo.test',
      password: 'demo-password',
      remember: true,
    });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ email: undefined, password: undefined }, { email: messages.emailRequired, password: messages.passwordRequired }],
    [{ email: '   ' }, { email: messages.emailRequired }],
    [{ email: 'buyer@demo' }, { email: messages.emailInvalid }],
    [{ email: 'buyer demo@demo.test' }, { email: messages.emailInvalid }],
    [{ email: `${'a'.repeat(250)}@b.co` }, { email: messages.emailInvalid }],
    [{ password: '' }, { password: messages.passwordRequired }],
    [{ password: 'short12' }, { password: messages.passwordTooShort }],
    [{ password: 'x'.repeat(129) }, { password: messages.passwordTooLong }],
  ])('refuses %j', (change, expected) => {
    expect(refusals(loginBody, { ...login, ...change })).toEqual(expected);
  });

  it("says the login form's words of docs/product/screens-and-words.md#forms", () => {
    expect(messages).toMatchObject({
      emailRequired: 'Email is required',
      emailInvalid: 'Email address is invalid',
      passwordRequired: 'Password is required',
      passwordTooShort: 'Password must be at least 8 characters',
      fullNameRequired: 'Full Name is required',
    });
  });
});

describe('signupBody', () => {
  it('accepts "invited" as the invited user type, stored as invitedUser', () => {
    expect(accepted(signupBody, { ...login, fullName: ' Zoë Quinn ', userType: 'invited' })).toMatchObject({ fullName: 'Zoë Quinn', userType: 'invitedUser' });
    expect(accepted(userTypeInput, 'vipUser')).toBe('vipUser');
  });

  it('refuses a missing or too long name and an unknown user type', () => {
    expect(refusals(signupBody, { ...login, fullName: '  ' })).toEqual({ fullName: messages.fullNameRequired });
    expect(refusals(signupBody, { ...login })).toEqual({ fullName: messages.fullNameRequired });
    expect(refusals(signupBody, { ...login, fullName: 'Z'.repeat(101) })).toEqual({ fullName: 'Full Name must be at most 100 characters' });
    expect(Object.keys(refusals(signupBody, { ...login, fullName: 'Zoë', userType: 'admin' }))).toEqual(['userType']);
  });
});

describe('the login form without JavaScript', () => {
  it('words each error code as the API does, and an unknown one as wrong credentials', () => {
    expect(loginFormErrorMessage('password-short')).toBe(messages.passwordTooShort);
    expect(loginFormErrorMessage('too-many')).toBe('Too many login attempts. Please wait a moment and try again.');
    expect(loginFormErrorMessage('toString')).toBe(messages.invalidCredentials);
    expect(loginFormErrorMessage(null)).toBeNull();
  });
});

describe('password recovery', () => {
  it('accepts a code typed in small letters with spaces around it', () => {
    expect(accepted(verifyOtpBody, { email: login.email, otp: ' ab2c9 ' }).otp).toBe('AB2C9');
    expect(accepted(sendOtpBody, { email: login.email })).toEqual({ email: login.email });
  });

  it.each<[unknown, string]>([
    [undefined, accountMessages.fillInTheCode],
    ['AB2C', accountMessages.fillInTheCode],
    ['AB2C9X', accountMessages.fillInTheCode],
    ['AB0C9', 'The code has only capital letters and digits 2–9.'],
    ['ABIC9', 'The code has only capital letters and digits 2–9.'],
  ])('refuses the code %j', (otp, message) => {
    expect(refusal(verifyOtpBody, { email: login.email, otp })).toBe(message);
  });

  it('refuses a new password without its reset token', () => {
    expect(refusals(changeNewPasswordBody, { email: login.email, newPassword: 'new-password' })).toEqual({
      resetToken: 'The reset token is missing. Please verify the code from your e-mail first.',
    });
    expect(refusals(changeNewPasswordBody, { email: login.email, newPassword: 'short', resetToken: 'x'.repeat(201) })).toEqual({
      newPassword: messages.passwordTooShort,
      resetToken: 'This reset token is not valid. Please request a new code.',
    });
  });
});

describe('account settings', () => {
  const info = { email: login.email, data: { name: 'Zoë Quinn', username: 'zoe.q' } };

  it('accepts a name and username without a picture', () => {
    expect(accepted(updateInfoBody, info).data).toEqual({ name: 'Zoë Quinn', username: 'zoe.q' });
  });

  it.each<[Record<string, unknown>, string, string]>([
    [{ name: ' ' }, 'data.name', accountMessages.nameRequired],
    [{ username: '' }, 'data.username', accountMessages.usernameRequired],
    [{ username: 'zq' }, 'data.username', 'Username must be at least 3 characters'],
    [{ username: 'z'.repeat(31) }, 'data.username', 'Username must be at most 30 characters'],
    [{ username: 'zoë q' }, 'data.username', 'Username may only use letters, digits, dots, dashes and underscores'],
    [{ profileImage: 'x'.repeat(4 * 1024 * 1024 + 1) }, 'data.profileImage', 'The profile picture must be at most 2 MB.'],
  ])('refuses %j', (change, field, message) => {
    expect(refusals(updateInfoBody, { ...info, data: { ...info.data, ...change } })).toEqual({ [field]: message });
  });

  it('refuses an update without its data', () => {
    expect(refusals(updateInfoBody, { email: login.email })).toEqual({ data: 'data is required: { name, username, profileImage }' });
  });

  it.each<[Record<string, unknown>, Record<string, string>]>([
    [{ password: '' }, { password: accountMessages.currentPasswordRequired }],
    [{ newPassword: undefined }, { newPassword: accountMessages.newPasswordRequired }],
    [{ newPassword: 'short' }, { newPassword: accountMessages.passwordTooShortLong }],
    [{ newPassword: 'x'.repeat(129) }, { newPassword: 'Password must be at most 128 characters' }],
  ])('refuses a password change %j', (change, expected) => {
    expect(refusals(changePasswordBody, { email: login.email, password: 'old-password', newPassword: 'new-password', ...change })).toEqual(expected);
  });
});

describe('getUserBody', () => {
  it('refuses a lookup without an address', () => {
    expect(refusal(getUserBody, {})).toBe(messages.emailRequired);
    expect(refusal(getUserBody, { email: 'buyer' })).toBe(messages.emailInvalid);
  });
});

describe('sessionTimeBody', () => {
  const userId = '0c6a3a57-3d1f-4f0e-8d7c-2f4b9a1e5d60';

  it.each<[unknown, string]>([
    [-1, 'sessionDuration cannot be negative'],
    [1.5, 'sessionDuration must be a whole number of seconds'],
    [60 * 60 * 24 * 31 + 1, 'sessionDuration is too long'],
    ['60', 'sessionDuration must be a number of seconds'],
  ])('refuses a session of %j seconds', (sessionDuration, message) => {
    expect(refusal(sessionTimeBody, { userId, sessionDuration })).toBe(message);
  });
});
