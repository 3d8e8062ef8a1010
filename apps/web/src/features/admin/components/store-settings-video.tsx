/** Store Settings' "Intro video": the /vip video in use, and an upload of a new one with its poster and captions (docs/product/store-pages.md#intro-video). */
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Upload } from 'lucide-react';
import { introVideoLimits, MEGABYTE, type IntroVideoPart } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { FieldMessages } from '../../../components/ui/field-messages';
import { errorMessage } from '../../../lib/api-client';
import { useIntroVideoOfStore } from '../api/get-intro-video-of-store';
import { useUploadIntroVideo } from '../api/upload-intro-video';
import { AdminCard } from './admin-card';

const sizeText = (bytes: number) => (bytes >= MEGABYTE ? `${Math.round(bytes / MEGABYTE)} MB` : `${Math.round(bytes / 1024)} KB`);

const partLabels: Record<IntroVideoPart, string> = { video: 'Video', poster: 'Poster image', captions: 'Captions' };

export function IntroVideoSection() {
  const headingId = useId();
  const intro = useIntroVideoOfStore();
  const upload = useUploadIntroVideo();
  const form = useRef<HTMLFormElement>(null);
  const [files, setFiles] = useState<Record<IntroVideoPart, File | null>>({ video: null, poster: null, captions: null });
  const [error, setError] = useState<string | null>(null);
  const errorId = `${headingId}-error`;
  const data = intro.data;

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!files.video) return setError('Choose a video file (MP4 or WebM).');
    if (!files.poster) return setError('Choose a poster image (JPEG, PNG or WebP) for the video.');
    setError(null);
    try {
      await upload.mutateAsync({ video: files.video, poster: files.poster, captions: files.captions });
      toast.success('The new intro video is on /vip.');
      setFiles({ video: null, poster: null, captions: null });
      form.current?.reset();
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  const state = !data
    ? 'Loading…'
    : data.video
      ? data.generated
        ? 'The store’s own video, drawn from a beat of the catalog.'
        : `An uploaded video${data.captionsUrl ? ', with captions' : ''}.`
      : data.rendering
        ? 'The store’s own video is being rendered.'
        : 'No video yet: /vip shows its frame.';

  return (
    <AdminCard className="store-settings__video" title="Intro video" lead="Shown on /vip with its poster; it never plays by itself." headingId={headingId}>
      <div className="intro-video-card">
        <div className="tag-now">
          <p className="tag-now__eyebrow">In use</p>
          <p className="tag-now__info">{state}</p>
          {data?.posterUrl && <img className="intro-video-now__poster" src={data.posterUrl} alt="The intro video's poster" />}
        </div>
        <form ref={form} className="intro-video-upload" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={upload.isPending || undefined}>
          {(Object.keys(introVideoLimits) as IntroVideoPart[]).map((part) => (
            <div key={part} className="intro-video-upload__field">
              <label htmlFor={`${headingId}-${part}`} className="field__label">
                {partLabels[part]} ({introVideoLimits[part].label}, up to {sizeText(introVideoLimits[part].maxBytes)}){part === 'captions' ? ', optional' : ''}
              </label>
              <input
                id={`${headingId}-${part}`}
                type="file"
                accept={introVideoLimits[part].accept}
                className="tag-upload__input"
                disabled={upload.isPending}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? errorId : undefined}
                onChange={(event) => {
                  const file = event.target.files?.[0] ?? null;
                  setFiles((current) => ({ ...current, [part]: file }));
                  setError(null);
                }}
              />
            </div>
          ))}
          <FieldMessages error={error} errorId={errorId} errorRole="alert" />
          <div>
            <Button type="submit" variant="secondary" icon={<Upload aria-hidden="true" />} busy={upload.isPending} busyLabel="Uploading...">
              Upload video
            </Button>
          </div>
        </form>
      </div>
    </AdminCard>
  );
}
