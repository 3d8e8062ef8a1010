/** User Management's table (docs/product/screens-and-words.md#admin-screens): Name, Email, Status, Registration date, Action (edit, delete, Promote). */
import { useState } from 'react';
import { Crown, Pencil, Trash2 } from 'lucide-react';
import { userTypeLabels, type User } from '@beat/shared';
import { Button, IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { useDeleteUser } from '../api/delete-user';
import { adminUsersQueryOptions } from '../api/get-admin-users';
import { usePromoteUser } from '../api/promote-user';
import { useConfirmedAction } from '../hooks/use-confirmed-action';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { formatUsDate } from '../lib/format';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';
import { ConfirmDialog } from './confirm-dialog';
import { EditUserModal } from './edit-user-modal';

const PAGE_SIZE = 15;

export function UsersTable({ q }: { q: string }) {
  const { user: me } = useAuth();
  const users = useKeysetQuery(q, PAGE_SIZE, (start) => adminUsersQueryOptions({ q: q || undefined, ...start }));
  const [editing, setEditing] = useState<User | null>(null);
  const promoting = useConfirmedAction(usePromoteUser(), (_user: User, saved) => `${saved.fullName} is now a VIP member`);
  const deleting = useConfirmedAction(useDeleteUser(), (user: User) => `${user.fullName}'s account deleted`);
  const data = users.query.data;

  const columns: AdminColumn<User>[] = [
    {
      label: 'Name',
      className: 'admin-table__name-cell',
      cell: (user) => (
        <CellLines primary={user.fullName}>
          {user.Credits} {user.Credits === 1 ? 'credit' : 'credits'}
          {user.isStemsAvailable && ' · stems'}
          {user.isAdmin && ' · admin'}
          {!user.hasPasswordChanged && ' · invitation pending'}
        </CellLines>
      ),
    },
    { label: 'Email', className: 'admin-table__email', cell: (user) => user.email },
    { label: 'Status', cell: (user) => <span className={`admin-pill admin-pill--${user.userType}`}>{userTypeLabels[user.userType]}</span> },
    { label: 'Registration date', className: 'is-nowrap', cell: (user) => formatUsDate(user.createdAt) },
    {
      label: 'Action',
      headClassName: 'is-num',
      cell: (user) => (
        <div className="admin-table__actions">
          <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${user.email}`} onClick={() => setEditing(user)} />
          <Button
            size="sm"
            variant="ghost"
            icon={<Crown />}
            disabled={user.userType === 'vipUser'}
            aria-label={user.userType === 'vipUser' ? `Promote ${user.email}: already a VIP member` : `Promote ${user.email} to VIP`}
            onClick={() => promoting.ask(user)}
          >
            Promote
          </Button>
          <IconButton
            size="sm"
            className="admin-danger-link"
            icon={<Trash2 />}
            disabled={user._id === me?._id}
            label={user._id === me?._id ? 'You cannot delete your own account' : `Delete ${user.email}`}
            onClick={() => deleting.ask(user)}
          />
        </div>
      ),
    },
  ];

  return (
    <AdminTable
      title="Users"
      count={data?.total}
      tools={data && users.query.isFetching && <Spinner size="sm" label="Loading users" />}
      className="admin-table--pinned-actions"
      query={users.query}
      errorLead="The users could not be loaded"
      columns={columns}
      rowKey={(user) => user._id}
      rows={data?.users}
      loadingLabel="Loading users"
      empty={q ? `No user matches “${q}”.` : 'No users yet.'}
      paging={{ ...users.paging, noun: 'users', label: 'Users pages' }}
    >
      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog {...promoting.dialog} title="Promote to VIP?" confirmLabel="Promote to VIP" busyLabel="Promoting...">
        <p>
          <strong>{promoting.row?.fullName}</strong> ({promoting.row?.email}) becomes a VIP member: every beat of the VIP catalog, MP3 and WAV.
        </p>
      </ConfirmDialog>
      <ConfirmDialog {...deleting.dialog} title="Delete this account?" confirmLabel="Delete User" busyLabel="Deleting..." danger>
        <p>
          <strong>{deleting.row?.fullName}</strong> ({deleting.row?.email}) can no longer log in. This cannot be undone.
        </p>
        <p>Their purchases stay in the books, with their name and e-mail.</p>
      </ConfirmDialog>
    </AdminTable>
  );
}
