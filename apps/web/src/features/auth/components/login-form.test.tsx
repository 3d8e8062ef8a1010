import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { describedText } from '../../../test/field-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { AuthProvider } from '../auth-context';
import { LoginForm } from './login-form';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

beforeEach(() => {
  // GET /api/me: a visitor.
  vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 })));
});

/** Whether the form sent a login: the only call it may make is the provider's GET /api/me. */
const loginSent = () => vi.mocked(fetch).mock.calls.some(([url]) => String(url).includes('/api/login'));

const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('the login form', () => {
  it('asks for the e-mail and the password when they are left empty, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm returnUrl="/" onSuccess={() => {}} />, { route: '/login', wrap: withAuth });
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(describedText(email())).toBe('Email is required');
    expect(describedText(password())).toBe('Password is required');
    expect(loginSent()).toBe(false);
  });

  it('refuses an e-mail without the shape of one and a password under 8 characters', async () => {
    const user = userEvent.setup();
    renderWithProviders(<LoginForm returnUrl="/" onSuccess={() => {}} />, { route: '/login', wrap: withAuth });
    await user.type(email(), 'ada@example');
    await user.type(password(), 'seven77');
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(loginSent()).toBe(false);
  });
});
