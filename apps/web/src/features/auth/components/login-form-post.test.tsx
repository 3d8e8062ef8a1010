import { render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loginFormErrorMessage, loginFormErrors } from '@beat/shared/auth';
import { messages } from '@beat/shared/messages';
import { AuthProvider } from '../auth-context';
import { LoginForm } from './login-form';

function renderForm(postedError: string | null = null) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter>
        <AuthProvider>
          <LoginForm returnUrl="/favourite" postedError={postedError} onSuccess={() => {}} />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the login form', () => {
  beforeEach(() => {
    // GET /api/me: a visitor.
    vi.stubGlobal('fetch', vi.fn(async () => new Response(JSON.stringify({ user: null }), { status: 200 })));
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('posts to /login by itself, without JavaScript, with named fields and the returnUrl', () => {
    const { container } = renderForm();
    const form = container.querySelector('form')!;
    expect(form.getAttribute('method')).toBe('post');
    expect(form.getAttribute('action')).toBe('/login');
    const names = [...form.querySelectorAll('input')].map((input) => input.name);
    expect(names).toEqual(expect.arrayContaining(['email', 'password', 'remember', 'returnUrl']));
    expect((form.querySelector('input[name="returnUrl"]') as HTMLInputElement).value).toBe('/favourite');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows why the posted login failed, in the API’s words', () => {
    renderForm(loginFormErrorMessage('credentials'));
    expect(screen.getByRole('alert').textContent).toBe(messages.invalidCredentials);
    expect(loginFormErrorMessage('password-short')).toBe(loginFormErrors['password-short']);
    expect(loginFormErrorMessage(null)).toBeNull();
  });
});
