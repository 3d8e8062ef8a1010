/**
 * The dashboard variant of the download modal (docs/product/screens-and-words.md#download-modal): only "Download Mp3", "Download Wav" and
 * "Download Stems", and only those the user may download. Reusable wherever a purchased beat is shown.
 */
import type { ReactNode } from 'react';
import { Download } from 'lucide-react';
import { fileTypes, type Beat, type FileType } from '@beat/shared';
import { Button, type ButtonSize } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { useDownloadRights } from '../api/check-download';
import { useDownload } from '../hooks/use-download';
import './download-links.css';

export const downloadLabels: Record<FileType, string> = {
  mp3: 'Download Mp3',
  wav: 'Download Wav',
  stems: 'Download Stems',
};

export interface DownloadLinksProps {
  beat: Pick<Beat, '_id' | 'beatTitle'>;
  /** Show only these file types (e.g. ['stems'] on the 'Purchased Stems' grid). */
  only?: readonly FileType[];
  size?: ButtonSize;
  variant?: 'primary' | 'secondary';
  /** Add the beat's title to each button's accessible name (for lists of several beats). Default true. */
  nameWithTitle?: boolean;
  /** Shown when nothing may be downloaded; nothing by default. */
  empty?: ReactNode;
  className?: string;
}

export function DownloadLinks({
  beat,
  only,
  size = 'md',
  variant = 'secondary',
  nameWithTitle = true,
  empty = null,
  className,
}: DownloadLinksProps) {
  const rights = useDownloadRights(beat._id);
  const { download, isDownloading } = useDownload();

  if (rights.isPending) return <Spinner size="sm" label={`Checking the downloads of ${beat.beatTitle}`} />;
  if (rights.isError) return <p className="dl-links__error">Downloads could not be checked. Please try again.</p>;

  const allowed = fileTypes.filter((type) => rights.data.rights[type] && (!only || only.includes(type)));
  if (allowed.length === 0) return <>{empty}</>;

  return (
    <ul className={['dl-links', className].filter(Boolean).join(' ')} aria-label={`Downloads of ${beat.beatTitle}`}>
      {allowed.map((type) => (
        <li key={type}>
          <Button
            variant={variant}
            size={size}
            icon={<Download aria-hidden="true" />}
            busy={isDownloading(beat._id, type)}
            busyLabel="Downloading..."
            aria-label={nameWithTitle ? `${downloadLabels[type]}: ${beat.beatTitle}` : undefined}
            onClick={() => void download({ beatId: beat._id, fileType: type })}
          >
            {downloadLabels[type]}
          </Button>
        </li>
      ))}
    </ul>
  );
}
