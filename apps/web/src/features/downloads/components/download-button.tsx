/**
 * The download/unlock button of a beat row. Visitors go to log in (or, on /vip, to sign up) and come
 * back (docs/product/screens-and-words.md#visitors). Signed-in users see a spinner while their downloads are checked, then the modal.
 * A click that comes before the signed-in user has loaded shows the spinner too and opens the modal once the user is in
 * (docs/product/screens-and-words.md#busy-controls). Beats the user can already download show as unlocked.
 */
import { lazy, Suspense, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import { Download } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { Spinner } from '../../../components/ui/spinner';
import { paths, withReturnUrl } from '../../../config/paths';
import { useDeferredAction } from '../../../hooks/use-deferred-action';
import { errorMessage } from '../../../lib/api-client';
import { toast } from '../../../lib/toast';
import { useAuth } from '../../auth';
import { downloadRightsQueryOptions } from '../api/check-download';
import { useOwnedBeats } from '../api/get-owned-beats';
import type { DownloadModalVariant } from './download-modal';
import '../../../components/ui/round-button.css';
import './download-button.css';

// The modal and its purchase cards load with the first click on a download button, not with the list.
const DownloadModal = lazy(() => import('./download-modal').then((module) => ({ default: module.DownloadModal })));

export type VisitorAuthTarget = 'login' | 'signup';

export interface DownloadButtonProps {
  beat: Beat;
  visitorTarget?: VisitorAuthTarget;
  variant?: DownloadModalVariant;
}

export function DownloadButton({ beat, visitorTarget = 'login', variant = 'store' }: DownloadButtonProps) {
  const { isAuthenticated, isLoading, user, userError } = useAuth();
  const owned = useOwnedBeats();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const [checking, setChecking] = useState(false);
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps the modal's own exit.
  const [opened, setOpened] = useState(false);

  const vipCovers = user?.userType === 'vipUser' && beat.beatType === 'Non-Exclusive';
  const unlocked = vipCovers || Boolean(owned.data?.get(beat._id));
  const label = `Download ${beat.beatTitle}${unlocked ? ', unlocked' : ''}`;

  async function openModal() {
    if (!isAuthenticated || !user) {
      navigate(withReturnUrl(visitorTarget === 'signup' ? paths.signup : paths.login, location.pathname + location.search));
      return;
    }
    if (checking) return;
    setChecking(true);
    try {
      await queryClient.fetchQuery(downloadRightsQueryOptions(user._id, beat._id));
      setOpened(true);
      setOpen(true);
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setChecking(false);
    }
  }

  // Before the signed-in user is in, the click waits for it (a visitor's goes to log in at once).
  const click = useDeferredAction(() => void openModal(), { ready: !isLoading, failure: userError });
  const busy = checking || click.waiting;

  return (
    <>
      <button
        type="button"
        className={['round-btn round-btn--accent dl-btn', unlocked && 'dl-btn--unlocked'].filter(Boolean).join(' ')}
        aria-label={label}
        title={label}
        aria-haspopup={isAuthenticated ? 'dialog' : undefined}
        aria-busy={busy || undefined}
        onClick={() => click.run(undefined)}
      >
        {busy ? <Spinner size="sm" /> : <Download aria-hidden="true" />}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <DownloadModal beat={beat} open={open} onClose={() => setOpen(false)} variant={variant} />
        </Suspense>
      )}
    </>
  );
}
