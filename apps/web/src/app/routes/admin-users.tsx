/** /admin/user-management: the users table, searched; 'Add New User' opens the Invite User form. */
import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { AdminPage, InviteUserModal, UsersTable } from '../../features/admin';
import { SearchBox } from '../../features/catalog';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

export function AdminUsersPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [inviting, setInviting] = useState(false);
  return (
    <AdminPage
      title="User Management"
      lead="Every account, newest first: credits, stems access, VIP and invitations."
      actions={
        <Button icon={<UserPlus />} onClick={() => setInviting(true)}>
          Add New User
        </Button>
      }
    >
      <SearchBox value={search} onChange={setSearch} label="Search names or emails" className="admin-search" />
      <UsersTable q={q} />
      <InviteUserModal open={inviting} onClose={() => setInviting(false)} />
    </AdminPage>
  );
}
