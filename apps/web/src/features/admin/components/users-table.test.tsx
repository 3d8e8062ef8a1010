import type { ReactNode } from 'react';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { User } from '@beat/shared';
import { testUser } from '../../../test/factories';
import { jsonResponse, renderWithProviders } from '../../../test/render-with-providers';
import { stubFetch } from '../../../test/stub-fetch';
import { AuthProvider } from '../../auth';
import { UsersTable } from './users-table';

const withAuth = (children: ReactNode) => <AuthProvider>{children}</AuthProvider>;
const admin = testUser({ _id: 'admin', email: 'boss@example.com', fullName: 'Bea Boss', isAdmin: true });

/** The admin users API over a list of accounts: one page of all of them, DELETE and promote. */
function usersServer(users: User[]) {
  let list = [...users];
  return (url: string, init?: RequestInit) => {
    const path = new URL(url, 'http://store.test').pathname;
    if (init?.method === 'DELETE') {
      list = list.filter((u) => `/api/admin/users/${u._id}` !== path);
      return jsonResponse({ message: 'Deleted' });
    }
    if (init?.method === 'POST') {
      const id = path.split('/')[4];
      list = list.map((u) => (u._id === id ? { ...u, userType: 'vipUser' as const } : u));
      return jsonResponse({ user: list.find((u) => u._id === id) });
    }
    const q = new URL(url, 'http://store.test').searchParams.get('q') ?? '';
    const found = list.filter((u) => u.email.includes(q));
    return jsonResponse({ users: found, total: found.length, page: 1, pageSize: 15, nextCursor: null });
  };
}

const rowOf = (email: string) => screen.getByRole('row', { name: new RegExp(email) });

describe('User Management’s table', () => {
  it('lists each account with its status, credits and actions', async () => {
    stubFetch(usersServer([admin, testUser({ _id: 'u2', email: 'ada@example.com', Credits: 1, hasPasswordChanged: false })]), admin);
    renderWithProviders(<UsersTable q="" />, { wrap: withAuth });
    await screen.findByText('ada@example.com');

    expect(screen.getAllByRole('columnheader').map((th) => th.textContent)).toEqual(['Name', 'Email', 'Status', 'Registration date', 'Action']);
    const ada = rowOf('ada@example.com');
    expect(within(ada).getByText('1 credit · invitation pending')).toBeTruthy();
    expect(within(ada).getByText('Free User')).toBeTruthy();
    expect(within(ada).getByRole('button', { name: 'Edit ada@example.com' })).toBeTruthy();
    expect(within(ada).getByRole('button', { name: 'Promote ada@example.com to VIP' })).toBeTruthy();
    // An admin cannot delete their own account.
    expect((within(rowOf('boss@example.com')).getByRole('button', { name: 'You cannot delete your own account' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('says when no account matches the search', async () => {
    stubFetch(usersServer([admin]), admin);
    renderWithProviders(<UsersTable q="nobody" />, { wrap: withAuth });
    expect(await screen.findByRole('cell', { name: 'No user matches “nobody”.' })).toBeTruthy();
  });

  it('deletes an account only once the admin confirms, then says so and lists it no more', async () => {
    const user = userEvent.setup();
    const server = stubFetch(usersServer([admin, testUser({ _id: 'u2', email: 'ada@example.com' })]), admin);
    renderWithProviders(<UsersTable q="" />, { wrap: withAuth });
    await screen.findByText('ada@example.com');

    await user.click(within(rowOf('ada@example.com')).getByRole('button', { name: 'Delete ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete this account?' });
    expect(dialog.textContent).toContain('Ada Lovelace (ada@example.com) can no longer log in.');
    expect(server.sent().some((url) => url.includes('/u2'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Delete User' }));
    expect(await screen.findByText("Ada Lovelace's account deleted")).toBeTruthy();
    await waitFor(() => expect(screen.queryByText('ada@example.com')).toBeNull());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('keeps the dialog open and says why when the promotion fails', async () => {
    const user = userEvent.setup();
    const serve = usersServer([admin, testUser({ _id: 'u2', email: 'ada@example.com' })]);
    stubFetch((url, init) => (init?.method === 'POST' ? jsonResponse({ message: 'The store is read-only' }, 503) : serve(url, init)), admin);
    renderWithProviders(<UsersTable q="" />, { wrap: withAuth });
    await screen.findByText('ada@example.com');

    await user.click(within(rowOf('ada@example.com')).getByRole('button', { name: 'Promote ada@example.com to VIP' }));
    const dialog = screen.getByRole('dialog', { name: 'Promote to VIP?' });
    await user.click(within(dialog).getByRole('button', { name: 'Promote to VIP' }));
    expect(await screen.findByText('The store is read-only')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Promote to VIP?' })).toBeTruthy();
  });

  it('edits an account in a dialog that names it, with Save Changes and Cancel', async () => {
    const user = userEvent.setup();
    stubFetch(usersServer([admin, testUser({ _id: 'u2', email: 'ada@example.com' })]), admin);
    renderWithProviders(<UsersTable q="" />, { wrap: withAuth });
    await screen.findByText('ada@example.com');

    await user.click(within(rowOf('ada@example.com')).getByRole('button', { name: 'Edit ada@example.com' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit User' });
    expect(dialog.textContent).toContain('Ada Lovelace · ada@example.com · Free User');
    expect(within(dialog).getByRole('button', { name: 'Save Changes' }).getAttribute('type')).toBe('submit');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
