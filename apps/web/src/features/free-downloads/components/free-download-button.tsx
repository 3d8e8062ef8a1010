/**
 * "Free download" on a free beat (docs/product/free-downloads.md): the button, and the dialog it opens, which loads
 * with the first click. `compact` is the catalog row's round icon button.
 */
import { lazy, Suspense, useState } from 'react';
import { Gift } from 'lucide-react';
import type { Beat } from '@beat/shared';
import { freeDownloadWords } from '@beat/shared/messages';
import { Button } from '../../../components/ui/button';
import '../../../components/ui/round-button.css';
import './free-download.css';

const FreeDownloadDialog = lazy(() => import('./free-download-dialog').then((module) => ({ default: module.FreeDownloadDialog })));

export interface FreeDownloadButtonProps {
  beat: Pick<Beat, '_id' | 'beatTitle' | 'freeDownload'>;
  compact?: boolean;
  size?: 'sm' | 'md';
  className?: string;
  /** -1 inside a widget that moves focus itself (the exclusives carousel). */
  tabIndex?: -1;
}

export function FreeDownloadButton({ beat, compact = false, size = 'md', className, tabIndex }: FreeDownloadButtonProps) {
  const [open, setOpen] = useState(false);
  if (!beat.freeDownload) return null;
  const label = `${freeDownloadWords.button}: ${beat.beatTitle}`;
  return (
    <>
      {compact ? (
        <button type="button" className={['round-btn round-btn--accent free-dl-btn', className].filter(Boolean).join(' ')} aria-label={label} title={label} aria-haspopup="dialog" tabIndex={tabIndex} onClick={() => setOpen(true)}>
          <Gift aria-hidden="true" />
        </button>
      ) : (
        <Button variant="secondary" size={size} icon={<Gift aria-hidden="true" />} className={className} aria-haspopup="dialog" tabIndex={tabIndex} onClick={() => setOpen(true)}>
          {freeDownloadWords.button}
        </Button>
      )}
      {open && (
        <Suspense fallback={null}>
          <FreeDownloadDialog beatId={beat._id} beatTitle={beat.beatTitle} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
