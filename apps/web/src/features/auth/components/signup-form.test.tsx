import type { ReactNode } from 'react';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { describedText } from '../../../test/field-error';
import { renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../auth-context';
import { SignupForm } from './signup-form';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;

let calls: ReturnType<typeof stubFetch>;

beforeEach(() => {
  calls = stubFetch();
});

const fullName = () => screen.getByLabelText('Full Name');
const email = () => screen.getByLabelText('Email');
const password = () => screen.getByLabelText('Password');

describe('the signup form', () => {
  it('asks for each field left empty, and sends nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={() => {}} />, { route: '/signup', wrap: withAuth });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Full Name is required')).toBeTruthy();
    expect(screen.getByText('Email is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(describedText(fullName())).toBe('Full Name is required');
    expect(calls.sent()).toEqual([]);
  });

  it('refuses a malformed e-mail and a short password', async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={() => {}} />, { route: '/signup', wrap: withAuth });
    await user.type(fullName(), 'Ada Lovelace');
    await user.type(email(), 'ada.example.com');
    await user.type(password(), 'short');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Email address is invalid')).toBeTruthy();
    expect(screen.getByText('Password must be at least 8 characters')).toBeTruthy();
    expect(screen.queryByText('Full Name is required')).toBeNull();
  });

  it("clears a field's error as soon as it is edited, and only that field's", async () => {
    const user = userEvent.setup();
    renderWithProviders(<SignupForm onSuccess={() => {}} />, { route: '/signup', wrap: withAuth });
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByText('Full Name is required');

    await user.type(fullName(), 'A');
    expect(screen.queryByText('Full Name is required')).toBeNull();
    expect(describedText(fullName())).toBe('');
    expect(fullName().getAttribute('aria-invalid')).toBeNull();
    expect(screen.getByText('Email is required')).toBeTruthy();

    await user.type(email(), 'a');
    expect(screen.queryByText('Email is required')).toBeNull();
    expect(screen.getByText('Password is required')).toBeTruthy();
  });
});
