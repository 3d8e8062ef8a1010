/** /admin/beats-management: Leases and Exclusive sections, searched together; 'Add New Beats' and Edit open the beat form. */
import { useState } from 'react';
import { Plus } from 'lucide-react';
import type { AdminBeat } from '@beat/shared';
import { Button } from '../../components/ui/button';
import { AdminPage, BeatFormModal, BeatsSection } from '../../features/admin';
import { SearchBox } from '../../features/catalog';
import { useDebouncedValue } from '../../hooks/use-debounced-value';

export function AdminBeatsPage() {
  const [search, setSearch] = useState('');
  const q = useDebouncedValue(search.trim(), 300);
  const [form, setForm] = useState<{ open: boolean; beat?: AdminBeat }>({ open: false });
  return (
    <AdminPage
      title="Beats Management"
      lead="Every beat of the store, published or not. Changes show in the store at once."
      actions={
        <Button icon={<Plus />} onClick={() => setForm({ open: true })}>
          Add New Beats
        </Button>
      }
    >
      <SearchBox value={search} onChange={setSearch} label="Search titles, tags or artists" className="admin-search" />
      <BeatsSection type="Non-Exclusive" title="Leases" q={q} onEdit={(beat) => setForm({ open: true, beat })} />
      <BeatsSection type="Exclusive" title="Exclusive" q={q} onEdit={(beat) => setForm({ open: true, beat })} />
      <BeatFormModal open={form.open} beat={form.beat} onClose={() => setForm({ open: false })} />
    </AdminPage>
  );
}
