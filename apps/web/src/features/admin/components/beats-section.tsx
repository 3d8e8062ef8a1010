/**
 * One section of Beats Management (Leases or Exclusive): a searched, paginated table with each beat's preview
 * state (Rendering…, Ready, Failed with Retry), Edit, Unpublish/Publish and Delete.
 */
import toast from 'react-hot-toast';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import type { AdminBeat, BeatFileInfoDto, BeatType } from '@beat/shared';
import { IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteBeat } from '../api/delete-beat';
import { adminBeatsQueryOptions } from '../api/get-admin-beats';
import { useSetBeatPublished } from '../api/set-beat-published';
import { useConfirmedAction } from '../hooks/use-confirmed-action';
import { useKeysetQuery } from '../hooks/use-keyset-query';
import { fileSummaryParts } from '../lib/audio-info';
import { formatCount, formatMoney, formatUsDate } from '../lib/format';
import { AdminTable, CellLines, type AdminColumn } from './admin-table';
import { AudioStateCell } from './audio-state-cell';
import { ConfirmDialog } from './confirm-dialog';

const PAGE_SIZE = 10;

const statusLabels: Record<AdminBeat['status'], string> = {
  published: 'Published',
  unpublished: 'Unpublished',
  sold: 'Sold',
  deleted: 'Deleted',
};

export interface BeatsSectionProps {
  type: BeatType;
  title: string;
  q: string;
  onEdit: (beat: AdminBeat) => void;
}

export function BeatsSection({ type, title, q, onEdit }: BeatsSectionProps) {
  // A new search starts again from its first page.
  const beats = useKeysetQuery(q, PAGE_SIZE, (start) => adminBeatsQueryOptions({ type, q: q || undefined, ...start }));
  const publish = useSetBeatPublished();
  const deleting = useConfirmedAction(useDeleteBeat(), (beat: AdminBeat) => `${beat.beatTitle} deleted`);
  const data = beats.query.data;

  async function togglePublished(beat: AdminBeat) {
    try {
      const saved = await publish.mutateAsync({ beatId: beat._id, published: !beat.published });
      toast.success(saved.published ? `${saved.beatTitle} is back in the store` : `${saved.beatTitle} unpublished`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  const columns: AdminColumn<AdminBeat>[] = [
    {
      label: 'Beat',
      className: 'admin-table__lead-cell',
      cell: (beat) => (
        <>
          <CellLines primary={beat.beatTitle}>
            {beat.artistName}
            {beat.category && ` · ${beat.category}`}
            {beat.tags.length > 0 && ` · ${beat.tags.map((t) => `#${t}`).join(' ')}`}
          </CellLines>
          <FileSummary info={beat.fileInfo} />
        </>
      ),
    },
    { label: 'BPM', numeric: true, cell: (beat) => beat.bpm },
    {
      label: 'Price',
      numeric: true,
      className: 'is-nowrap',
      cell: (beat) => (beat.price === null ? <span className="admin-table__muted">VIP / credit</span> : formatMoney(beat.price)),
    },
    { label: 'Release date', className: 'is-nowrap', cell: (beat) => formatUsDate(beat.releaseDate) },
    { label: 'Status', cell: (beat) => <span className={`admin-pill admin-pill--${beat.status}`}>{statusLabels[beat.status]}</span> },
    { label: 'Audio', cell: (beat) => <AudioStateCell beat={beat} /> },
    { label: 'Plays', numeric: true, cell: (beat) => formatCount(beat.playCount) },
    {
      label: 'Actions',
      hideLabel: true,
      cell: (beat) => (
        <div className="admin-table__actions">
          <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${beat.beatTitle}`} onClick={() => onEdit(beat)} />
          <IconButton
            size="sm"
            icon={beat.published ? <EyeOff /> : <Eye />}
            label={`${beat.published ? 'Unpublish' : 'Publish'} ${beat.beatTitle}`}
            busy={publish.isPending && publish.variables?.beatId === beat._id}
            onClick={() => void togglePublished(beat)}
          />
          <IconButton size="sm" className="admin-danger-link" icon={<Trash2 />} label={`Delete ${beat.beatTitle}`} onClick={() => deleting.ask(beat)} />
        </div>
      ),
    },
  ];

  return (
    <AdminTable
      title={title}
      count={data?.total}
      // Only for a new page or search: the list also refreshes quietly every few seconds while a preview renders.
      tools={data && beats.query.isFetching && beats.query.isPlaceholderData && <Spinner size="sm" label={`Loading ${title}`} />}
      query={beats.query}
      errorLead={`${title} could not be loaded`}
      columns={columns}
      rowKey={(beat) => beat._id}
      className="admin-table--beats admin-table--pinned-actions"
      rows={data?.beats}
      loadingLabel={`Loading ${title}`}
      empty={q ? `No ${title.toLowerCase()} match “${q}”.` : `No ${title.toLowerCase()} yet.`}
      paging={{ ...beats.paging, noun: 'beats', label: `${title} pages` }}
    >
      <ConfirmDialog {...deleting.dialog} title="Delete this beat?" confirmLabel="Delete Beat" busyLabel="Deleting..." danger>
        <p>
          <strong>{deleting.row?.beatTitle}</strong> leaves the store and this list for good.
        </p>
        <p>Everyone who bought it keeps downloading it.</p>
      </ConfirmDialog>
    </AdminTable>
  );
}

/** "MP3 320 kbps · WAV 24-bit · 4 stems" under the title; each part stays on one line. */
function FileSummary({ info }: { info: BeatFileInfoDto }) {
  const parts = fileSummaryParts(info);
  if (parts.length === 0) return null;
  return (
    <span className="admin-table__secondary">
      {parts.map((part, i) => (
        <span key={part}>
          {i > 0 && ' · '}
          <span className="is-nowrap">{part}</span>
        </span>
      ))}
    </span>
  );
}
