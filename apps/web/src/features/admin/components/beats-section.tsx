/**
 * One section of Beats Management (Leases or Exclusive): a searched, paginated table with each beat's preview
 * state (Rendering…, Ready, Failed with Retry), Edit, Unpublish/Publish and Delete.
 */
import { useId, useState } from 'react';
import toast from 'react-hot-toast';
import { Eye, EyeOff, Pencil, Trash2 } from 'lucide-react';
import type { AdminBeat, BeatFileInfoDto, BeatType } from '@beat/shared';
import { IconButton } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { errorMessage } from '../../../lib/api-client';
import { useDeleteBeat } from '../api/delete-beat';
import { useAdminBeats } from '../api/get-admin-beats';
import { useSetBeatPublished } from '../api/set-beat-published';
import { useCursorPages } from '../hooks/use-cursor-pages';
import { fileSummaryParts } from '../lib/audio-info';
import { formatCount, formatMoney, formatUsDate } from '../lib/format';
import { AudioStateCell } from './audio-state-cell';
import { ConfirmDialog } from './confirm-dialog';
import { AdminTable } from './admin-table';
import { Pagination } from './pagination';
import './admin-table.css';

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
  const headingId = useId();
  // A new search starts again from its first page.
  const pages = useCursorPages(q);
  const beats = useAdminBeats({ type, q: q || undefined, page: pages.page, cursor: pages.cursor, pageSize: PAGE_SIZE });
  const publish = useSetBeatPublished();
  const remove = useDeleteBeat();
  const [deleting, setDeleting] = useState<AdminBeat | null>(null);
  const data = beats.data;

  async function togglePublished(beat: AdminBeat) {
    try {
      const saved = await publish.mutateAsync({ beatId: beat._id, published: !beat.published });
      toast.success(saved.published ? `${saved.beatTitle} is back in the store` : `${saved.beatTitle} unpublished`);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  async function confirmDelete() {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting._id);
      toast.success(`${deleting.beatTitle} deleted`);
      setDeleting(null);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <section className="admin-card" aria-labelledby={headingId}>
      <div className="admin-card__head">
        <h2 id={headingId} className="admin-card__title">
          {title}
          {data && <span className="admin-card__count">{formatCount(data.total)}</span>}
        </h2>
        {/* Only for a new page or search: the list also refreshes quietly every few seconds while a preview renders. */}
        {data && beats.isFetching && beats.isPlaceholderData && <Spinner size="sm" label={`Loading ${title}`} />}
      </div>

      <AdminTable
        labelledBy={headingId}
        query={beats}
        errorLead={`${title} could not be loaded`}
        columns={8}
        className="admin-table--beats admin-table--pinned-actions"
        head={
          <>
            <th scope="col">Beat</th>
            <th scope="col" className="is-num">
              BPM
            </th>
            <th scope="col" className="is-num">
              Price
            </th>
            <th scope="col">Release date</th>
            <th scope="col">Status</th>
            <th scope="col">Audio</th>
            <th scope="col" className="is-num">
              Plays
            </th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </>
        }
        rows={data?.beats}
        loadingLabel={`Loading ${title}`}
        empty={q ? `No ${title.toLowerCase()} match “${q}”.` : `No ${title.toLowerCase()} yet.`}
        renderRow={(beat) => (
          <tr key={beat._id}>
            <td data-label="Beat" className="admin-table__lead-cell">
              <span className="admin-table__primary">{beat.beatTitle}</span>
              <span className="admin-table__secondary">
                {beat.artistName}
                {beat.category && ` · ${beat.category}`}
                {beat.tags.length > 0 && ` · ${beat.tags.map((t) => `#${t}`).join(' ')}`}
              </span>
              <FileSummary info={beat.fileInfo} />
            </td>
            <td data-label="BPM" className="is-num">{beat.bpm}</td>
            <td data-label="Price" className="is-num is-nowrap">{beat.price === null ? <span className="admin-table__muted">VIP / credit</span> : formatMoney(beat.price)}</td>
            <td data-label="Release date" className="is-nowrap">{formatUsDate(beat.releaseDate)}</td>
            <td data-label="Status">
              <span className={`admin-pill admin-pill--${beat.status}`}>{statusLabels[beat.status]}</span>
            </td>
            <td data-label="Audio">
              <AudioStateCell beat={beat} />
            </td>
            <td data-label="Plays" className="is-num">{formatCount(beat.playCount)}</td>
            <td data-label="Actions">
              <div className="admin-table__actions">
                <IconButton size="sm" variant="secondary" icon={<Pencil />} label={`Edit ${beat.beatTitle}`} onClick={() => onEdit(beat)} />
                <IconButton
                  size="sm"
                  icon={beat.published ? <EyeOff /> : <Eye />}
                  label={`${beat.published ? 'Unpublish' : 'Publish'} ${beat.beatTitle}`}
                  busy={publish.isPending && publish.variables?.beatId === beat._id}
                  onClick={() => void togglePublished(beat)}
                />
                <IconButton
                  size="sm"
                  className="admin-danger-link"
                  icon={<Trash2 />}
                  label={`Delete ${beat.beatTitle}`}
                  onClick={() => setDeleting(beat)}
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
          noun="beats"
          label={`${title} pages`}
          busy={beats.isPlaceholderData}
        />
      )}

      <ConfirmDialog
        open={deleting !== null}
        title="Delete this beat?"
        confirmLabel="Delete Beat"
        busyLabel="Deleting..."
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onClose={() => setDeleting(null)}
      >
        <p>
          <strong>{deleting?.beatTitle}</strong> leaves the store and this list for good.
        </p>
        <p>Everyone who bought it keeps downloading it.</p>
      </ConfirmDialog>
    </section>
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
