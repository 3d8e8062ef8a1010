import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describedText } from '../../../test/field-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { ResetPasswordForm } from './reset-password-form';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn());
});

const next = () => screen.getByLabelText('New Password');
const confirm = () => screen.getByLabelText('Confirm New Password');
const submit = () => screen.getByRole('button', { name: 'Change Password' });

function renderForm() {
  return renderWithProviders(<ResetPasswordForm email="ada@example.com" resetToken="token" onChanged={() => {}} />, { route: '/changepassword' });
}

describe('the recovery change-password form', () => {
  it("answers empty fields with 'Please fill in the fields', and sends nothing", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.click(submit());
    expect(describedText(next())).toBe('Please fill in the fields');
    // The same words come as a toast.
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Please fill in the fields');
    expect(fetch).not.toHaveBeenCalled();
  });

  it("answers two different passwords with 'Password did not match', and clears it on edit", async () => {
    const user = userEvent.setup();
    renderForm();
    await user.type(next(), 'a-new-password');
    await user.type(confirm(), 'another-password');
    await user.click(submit());
    expect(describedText(confirm())).toBe('Password did not match');
    expect(fetch).not.toHaveBeenCalled();

    await user.type(confirm(), 'x');
    expect(describedText(confirm())).toBe('');
  });
});
