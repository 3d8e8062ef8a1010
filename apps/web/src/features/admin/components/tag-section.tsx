/** Store Settings' "Audio tag": which tag is in use and what it is, a player to hear it, an upload, and the way back to the built-in one. */
import { useState } from 'react';
import toast from 'react-hot-toast';
import { RotateCcw } from 'lucide-react';
import type { StoreSettings } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import { useRestoreBuiltInTag } from '../api/restore-built-in-tag';
import { formatTagInfo } from '../lib/audio-info';
import { AdminCard } from './admin-card';
import { ConfirmDialog } from './confirm-dialog';
import { TagPlayer } from './tag-player';
import { TagUploadForm } from './tag-upload-form';

export function TagSection({ settings }: { settings: StoreSettings }) {
  const { tag } = settings;
  const restore = useRestoreBuiltInTag();
  const [confirming, setConfirming] = useState(false);

  async function confirmRestore() {
    try {
      await restore.mutateAsync();
      toast.success('The built-in tag is back. The previews are being rendered again.');
      setConfirming(false);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  }

  return (
    <AdminCard className="store-settings__tag" title="Audio tag" lead="The sound logo mixed into every preview in the store.">
      <div className="tag-now">
        <p className="tag-now__eyebrow">In use</p>
        <p className="tag-now__name">
          <span className="tag-now__file" title={tag.fileName}>
            {tag.fileName}
          </span>
          {tag.custom && <span className="admin-pill admin-table__inline-pill">Uploaded</span>}
        </p>
        <p className="tag-now__info">{formatTagInfo(tag)}</p>
        <TagPlayer key={`${tag.url} ${settings.version}`} url={tag.url} version={settings.version} durationSeconds={tag.durationSeconds} />
      </div>

      <TagUploadForm />

      {tag.custom && (
        <div className="store-settings__aside">
          <Button variant="ghost" size="sm" icon={<RotateCcw aria-hidden="true" />} onClick={() => setConfirming(true)}>
            Use the built-in tag
          </Button>
        </div>
      )}

      <ConfirmDialog
        open={confirming}
        title="Use the built-in tag?"
        confirmLabel="Use the built-in tag"
        busyLabel="Switching..."
        busy={restore.isPending}
        onConfirm={() => void confirmRestore()}
        onClose={() => setConfirming(false)}
      >
        <p>
          <strong>{tag.fileName}</strong> stops being used and every preview is rendered again with the store&rsquo;s built-in tag.
        </p>
        <p>The current previews keep playing until each new one is ready.</p>
      </ConfirmDialog>
    </AdminCard>
  );
}
