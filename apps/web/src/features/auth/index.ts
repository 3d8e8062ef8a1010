/** Public surface of features/auth: the only file of it that app/ and other features may import (apps/web/eslint.boundaries.js). */
export { AuthProvider, useAuth, meQueryKey, meQueryOptions } from './auth-context';
export { AuthLayout, type AuthLayoutProps } from './components/auth-layout';
export { EmailField } from './components/email-field';
export { LoginForm } from './components/login-form';
export { RequireAuth } from './components/require-auth';
export { SignupForm } from './components/signup-form';
export { UserAvatar } from './components/user-avatar';
export { useLogout } from './hooks/use-logout';
