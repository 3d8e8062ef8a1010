/**
 * The download/unlock button of a beat row. Visitors go to log in (or, on /vip, to sign up) and come
 * back (spec §6); signed-in users get the "Get this beat" dialog.
 */
import { useState } from 'react';
import { Download } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { paths } from '../../../config/paths';
import { useAuth } from '../../auth/auth-context';
import { useVisitorRedirect } from '../hooks/use-visitor-redirect';
import { GetBeatDialog } from './get-beat-dialog';
import './download-button.css';

export type VisitorAuthTarget = 'login' | 'signup';

export function DownloadButton({ beat, visitorTarget }: { beat: Beat; visitorTarget: VisitorAuthTarget }) {
  const { isAuthenticated } = useAuth();
  const toAuth = useVisitorRedirect();
  const [open, setOpen] = useState(false);
  const label = `Download ${beat.beatTitle}`;

  return (
    <>
      <button
        type="button"
        className="dl-btn"
        aria-label={label}
        title={label}
        aria-haspopup={isAuthenticated ? 'dialog' : undefined}
        onClick={() => {
          if (!isAuthenticated) toAuth(visitorTarget === 'signup' ? paths.signup : paths.login);
          else setOpen(true);
        }}
      >
        <Download aria-hidden="true" />
      </button>
      <GetBeatDialog beat={beat} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
