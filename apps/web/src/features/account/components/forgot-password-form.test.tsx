import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describedText } from '../../../test/field-error';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { ForgotPasswordForm } from './forgot-password-form';

beforeEach(() => {
  vi.stubGlobal('fetch', vi.fn(async () => jsonResponse({ message: 'sent' })));
});

const email = () => screen.getByLabelText('Email');

describe('the forgot-password form', () => {
  it('asks for the e-mail when it is left empty, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm onSent={() => {}} />, { route: '/forgotpassword' });
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(describedText(email())).toBe('Email is required');
    expect(fetch).not.toHaveBeenCalled();
  });

  it('refuses an e-mail without the shape of one, then sends the code to a good one', async () => {
    const onSent = vi.fn();
    const user = userEvent.setup();
    renderWithProviders(<ForgotPasswordForm onSent={onSent} />, { route: '/forgotpassword' });
    await user.type(email(), 'ada@');
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
    expect(fetch).not.toHaveBeenCalled();

    await user.type(email(), 'example.com');
    expect(screen.queryByText('Email address is invalid')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send OTP' }));
    expect(await screen.findByText('OTP sent successfully')).toBeTruthy();
    expect(onSent).toHaveBeenCalledTimes(1);
    expect(vi.mocked(fetch).mock.calls.map(([path, init]) => [path, JSON.parse(String(init?.body))])).toEqual([
      ['/sendotp', { email: 'ada@example.com' }],
    ]);
  });
});
