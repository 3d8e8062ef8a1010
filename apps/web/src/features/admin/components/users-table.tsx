/** User Management's table (docs/product/screens-and-words.md#admin-screens): Name, Email, Status, Registration date, Action (edit, delete, Promote). */
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Crown, Pencil, Trash2 } from 'lucide-react';
import { userTypeLabels, type User } from '@beat/shared';
import { Button, IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useAuth } from '../../auth';
import { useDeleteUser } from '../api/delete-user';
import { useAdminUsers } from '../api/get-admin-users';
import { usePromoteUser } from '../api/promote-user';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { formatCount, formatUsDate } from '../lib/format';
import { ConfirmDialog } from './confirm-dialog';
import { EditUserModal } from './edit-user-modal';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

const PAGE_SIZE = 15;

export function UsersTable({ q }: { q: string }) {
  const headingId = useId();
  const { user: me } = useAuth();
  const pages = useCursorPages(q);
  const users = useAdminUsers({ q: q || undefined, page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const promote = usePromoteUser();
  const remove = useDeleteUser();
  const [editing, setEditing] = useState<User | null>(null);
  const [promoting, setPromoting] = useState<User | null>(null);
  const [deleting, setDeleting] = useState<User | null>(null);
  const data = users.data;

  async function confirmPromote() {
    if (!promoting) return;
    try {
      const saved = await promote.mutateAsync(promoting._id);
      toast.success(`${saved.fullName} is now a VIP member`);
      setPromoting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.fullName}'s account deleted`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId} className="admin-card__title">
          Users
          {data && <span className="admin-card__count">{formatCount(data.total)}</span>}
        </h2>
        {data && users.isFetching && <Spinner size="sm" label="Loading users" />}
      </div>

      <AdminTable
        labelledBy={headingId}
        className="admin-table--pinned-actions"
        query={users}
        errorLead="The users could not be loaded"
        columns={5}
        head={
          <>
            <th scope="col">Name</th>
            <th scope="col">Email</th>
            <th scope="col">Status</th>
            <th scope="col">Registration date</th>
            <th scope="col" className="is-num">
              Action
            </th>
          </>
        }
        rows={data?.users}
        loadingLabel="Loading users"
        empty={q ? `No user matches “${q}”.` : 'No users yet.'}
        renderRow={(user) => (
          <tr key={user._id}>
            <td data-label="Name" className="admin-table__name-cell">
              <span className="admin-table__primary">{user.fullName}</span>
              <span className="admin-table__secondary">
                {user.Credits} {user.Credits === 1 ? 'credit' : 'credits'}
                {user.isStemsAvailable && ' · stems'}
                {user.isAdmin && ' · admin'}
                {!user.hasPasswordChanged && ' · invitation pending'}
              </span>
            </td>
            <td data-label="Email" className="admin-table__email">{user.email}</td>
            <td data-label="Status">
              <span className={`admin-pill admin-pill--${user.userType}`}>{userTypeLabels[user.userType]}</span>
            </td>
            <td data-label="Registration date" className="is-nowrap">{formatUsDate(user.createdAt)}</td>
            <td data-label="Action">
              <div className="admin-table__actions">
                <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${user.email}`} onClick={() => setEditing(user)} />
                <Button
                  size="sm"
                  variant="ghost"
                  icon={<Crown />}
                  disabled={user.userType === 'vipUser'}
                  aria-label={user.userType === 'vipUser' ? `Promote ${user.email}: already a VIP member` : `Promote ${user.email} to VIP`}
                  onClick={() => setPromoting(user)}
                >
                  Promote
                </Button>
                <IconButton
                  size="sm"
                  className="admin-danger-link"
                  icon={<Trash2 />}
                  disabled={user._id === me?._id}
                  label={user._id === me?._id ? 'You cannot delete your own account' : `Delete ${user.email}`}
                  onClick={() => setDeleting(user)}
                />
              </div>
            </td>
          </tr>
        )}
      />

      {data && (
        <Pagination
          pages={pages}
          pageSize={PAGE_SIZE}
          total={data.total}
          nextCursor={data.nextCursor}
          noun="users"
          label="Users pages"
          busy={users.isPlaceholderData}
        />
      )}

      <EditUserModal user={editing} onClose={() => setEditing(null)} />
      <ConfirmDialog
        open={promoting !== null}
        title="Promote to VIP?"
        confirmLabel="Promote to VIP"
        busyLabel="Promoting..."
        busy={promote.isPending}
        onConfirm={() => void confirmPromote()}
        onClose={() => setPromoting(null)}
      >
        <p>
          <strong>{promoting?.fullName}</strong> ({promoting?.email}) becomes a VIP member: every beat of the VIP catalog, MP3 and WAV.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this account?"
        confirmLabel="Delete User"
        busyLabel="Deleting..."
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>
          <strong>{deleting?.fullName}</strong> ({deleting?.email}) can no longer log in. This cannot be undone.
        </p>
        <p>Their purchases stay in the books, with their name and e-mail.</p>
      </ConfirmDialog>
    </section>
  );
}
