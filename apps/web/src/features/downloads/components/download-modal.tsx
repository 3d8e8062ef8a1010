/**
 * The download/purchase modal (docs/product/screens-and-words.md#download-modal). On /user-dashboard (`variant="dashboard"`) it offers only the
 * Download Mp3 / Wav / Stems links allowed. Elsewhere: the user's downloads (VIP download, stems
 * download), credit unlock, and the purchase cards of the offers this beat has. Rights come from the download check and
 * refresh after an unlock, so the modal updates in place.
 */
import { useState } from 'react';
import { Crown } from 'lucide-react';
import { downloadMessages, type Beat } from '@beat/shared';
import { BeatArtwork } from '../../../components/beat/beat-artwork';
import { Modal } from '../../../components/ui/modal';
import { Spinner } from '../../../components/ui/spinner';
import { useAuth } from '../../auth';
import { noDownloads, useDownloadRights } from '../api/check-download';
import { CreditUnlock } from './credit-unlock';
import { DownloadLinks } from './download-links';
import { PurchaseCards } from './purchase-cards';
import './download-modal.css';

export type DownloadModalVariant = 'store' | 'dashboard';

export interface DownloadModalProps {
  beat: Beat;
  open: boolean;
  onClose: () => void;
  variant?: DownloadModalVariant;
}

export function DownloadModal({ beat, open, onClose, variant = 'store' }: DownloadModalProps) {
  const [busy, setBusy] = useState(false);
  const dashboard = variant === 'dashboard';
  return (
    <Modal
      open={open}
      onClose={onClose}
      dismissible={!busy}
      size={dashboard ? 'sm' : 'lg'}
      title={dashboard ? 'Download' : 'Get this beat'}
      description={dashboard ? beat.beatTitle : undefined}
    >
      {dashboard ? (
        <DownloadLinks
          beat={beat}
          variant="primary"
          nameWithTitle={false}
          className="dlm-dashboard-links"
          empty={<p className="dlm-muted">There is nothing to download for this beat yet.</p>}
        />
      ) : (
        <StoreContent beat={beat} onBusyChange={setBusy} />
      )}
    </Modal>
  );
}

function StoreContent({ beat, onBusyChange }: { beat: Beat; onBusyChange: (busy: boolean) => void }) {
  const { user } = useAuth();
  const rights = useDownloadRights(beat._id);
  if (!user || rights.isPending) return <Spinner label="Checking your downloads" />;

  const allow = rights.data ?? noDownloads;
  const isVip = user.userType === 'vipUser';
  const canDownload = allow.rights.mp3 || allow.rights.wav || allow.rights.stems;
  const fullyUnlocked = allow.rights.mp3 && (allow.rights.wav || beat.wavFileLink === null);
  const canUnlock = user.Credits > 0 && beat.beatType === 'Non-Exclusive' && !fullyUnlocked;

  return (
    <div className="dlm">
      <div className="dlm-beat">
        <BeatArtwork id={beat._id} title={beat.beatTitle} className="dlm-beat__art" />
        <div className="dlm-beat__text">
          <p className="dlm-beat__title">{beat.beatTitle}</p>
          <p className="dlm-beat__meta">
            {beat.artistName} · {beat.bpm} BPM
          </p>
        </div>
        <span className={['dlm-beat__type', beat.beatType === 'Exclusive' && 'dlm-beat__type--exclusive'].filter(Boolean).join(' ')}>
          {beat.beatType}
        </span>
      </div>

      {isVip && (
        <p className="dlm-vip">
          <Crown aria-hidden="true" />
          {downloadMessages.vipMember}
        </p>
      )}

      {rights.isError && <p className="dlm-error">Your downloads could not be checked. Close this and try again.</p>}

      {canDownload && (
        <section className="dlm-panel dlm-files" aria-labelledby="dlm-files-title">
          <div className="dlm-panel__text">
            <h3 id="dlm-files-title" className="dlm-panel__title">
              {isVip && beat.beatType === 'Non-Exclusive' ? 'VIP download' : 'Your downloads'}
            </h3>
            <p className="dlm-panel__desc">
              {allow.rights.stems && !allow.rights.mp3 ? 'The stems of this beat are yours.' : 'Ready when you are — files are named after the beat.'}
            </p>
          </div>
          <DownloadLinks beat={beat} variant="primary" nameWithTitle={false} className="dlm-files__links" />
        </section>
      )}

      {canUnlock && <CreditUnlock beat={beat} user={user} onBusyChange={onBusyChange} />}

      <PurchaseCards beat={beat} user={user} ownsMp3={allow.rights.mp3} ownsStems={allow.rights.stems} onBusyChange={onBusyChange} />
    </div>
  );
}
