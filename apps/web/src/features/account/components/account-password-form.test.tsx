import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import type { User } from '@beat/shared';
import { describedText } from '../../../test/field-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { AccountPasswordForm } from './account-password-form';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

const user = { _id: 'u1', email: 'ada@example.com', fullName: 'Ada Lovelace' } as User;

let calls: ReturnType<typeof stubFetch>;

beforeEach(() => {
  calls = stubFetch();
});

const current = () => screen.getByLabelText('Current Password');
const next = () => screen.getByLabelText('New Password');
const confirm = () => screen.getByLabelText('Confirm New Password');
const submit = () => screen.getByRole('button', { name: 'Change Password' });

describe("the account's change-password form", () => {
  it('asks for the current and the new password when they are left empty, and sends nothing', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AccountPasswordForm user={user} />, { route: '/account-setting', wrap: withAuth });
    await person.click(submit());
    expect(await screen.findByText('Current Password is required')).toBeTruthy();
    expect(screen.getByText('New Password is required')).toBeTruthy();
    expect(describedText(current())).toBe('Current Password is required');
    expect(describedText(next())).toBe('New Password is required');
    expect(calls.sent()).toEqual([]);
  });

  it('wants a new password of at least 8 characters', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AccountPasswordForm user={user} />, { route: '/account-setting', wrap: withAuth });
    await person.type(current(), 'the-old-password');
    await person.type(next(), 'short');
    await person.type(confirm(), 'short');
    await person.click(submit());
    expect(await screen.findByText('Password must be at least 8 characters long')).toBeTruthy();
    expect(calls.sent()).toEqual([]);
  });

  it('wants the confirmation to match the new password, and drops the message once it is edited', async () => {
    const person = userEvent.setup();
    renderWithProviders(<AccountPasswordForm user={user} />, { route: '/account-setting', wrap: withAuth });
    await person.type(current(), 'the-old-password');
    await person.type(next(), 'a-new-password');
    await person.type(confirm(), 'a-new-passwort');
    await person.click(submit());
    expect(await screen.findByText('New password and confirm password must match')).toBeTruthy();
    expect(describedText(confirm())).toBe('New password and confirm password must match');
    expect(calls.sent()).toEqual([]);

    await person.type(confirm(), '{Backspace}d');
    expect(screen.queryByText('New password and confirm password must match')).toBeNull();
  });
});
