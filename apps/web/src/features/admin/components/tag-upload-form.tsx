/** Replaces the store's tag with an uploaded MP3 or WAV; the server checks it is audio and short enough, and says why not. */
import { useId, useRef, useState, type FormEvent } from 'react';
import toast from 'react-hot-toast';
import { Upload } from 'lucide-react';
import { TAG_MAX_SECONDS } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { FieldMessages } from '../../../components/ui/field-messages';
import { errorMessage } from '../../../lib/api-client';
import { useUploadTag } from '../api/upload-tag';

const ACCEPT = '.mp3,.wav,audio/mpeg,audio/wav,audio/x-wav';

export function TagUploadForm() {
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const input = useRef<HTMLInputElement>(null);
  const upload = useUploadTag();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) return setError('Choose an MP3 or WAV file first.');
    setError(null);
    try {
      const settings = await upload.mutateAsync(file);
      toast.success(`${settings.tag.fileName} is the new tag. The previews are being rendered again.`);
      setFile(null);
      if (input.current) input.current.value = '';
    } catch (failure) {
      setError(errorMessage(failure));
    }
  }

  return (
    <form className="tag-upload" onSubmit={(event) => void onSubmit(event)} noValidate aria-busy={upload.isPending || undefined}>
      <label htmlFor={inputId} className="field__label">
        Upload a new tag (MP3 or WAV, up to {TAG_MAX_SECONDS} s)
      </label>
      <div className="tag-upload__row">
        <input
          ref={input}
          id={inputId}
          type="file"
          accept={ACCEPT}
          className="tag-upload__input"
          disabled={upload.isPending}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(event) => {
            setFile(event.target.files?.[0] ?? null);
            setError(null);
          }}
        />
        <Button type="submit" variant="secondary" icon={<Upload aria-hidden="true" />} busy={upload.isPending} busyLabel="Uploading...">
          Upload tag
        </Button>
      </div>
      <FieldMessages error={error} errorId={errorId} errorRole="alert" />
    </form>
  );
}
