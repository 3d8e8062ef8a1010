/**
 * The free download's dialog (docs/product/free-downloads.md): an e-mail address and, apart, consent to news; the file
 * is sent either way. Loaded with the first click of a "Free download" button, so the catalog never carries the
 * form's code.
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { freeDownloadBody, freeDownloadWords, type FreeDownloadBody } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useRequestFreeDownload } from '../api/request-free-download';
import './free-download.css';

export function FreeDownloadDialog({ beatId, beatTitle, onClose }: { beatId: string; beatTitle: string; onClose: () => void }) {
  return (
    <Modal open onClose={onClose} title={freeDownloadWords.dialogTitle} description={`“${beatTitle}” as a tagged MP3`} size="sm">
      <FreeDownloadForm beatId={beatId} onDone={onClose} />
    </Modal>
  );
}

function FreeDownloadForm({ beatId, onDone }: { beatId: string; onDone: () => void }) {
  const request = useRequestFreeDownload(beatId);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<FreeDownloadBody, unknown, FreeDownloadBody>({
    resolver: zodResolver(freeDownloadBody),
    defaultValues: { email: '', consent: false },
  });

  if (request.isSuccess) {
    return (
      <div className="free-dl">
        <p role="status" className="free-dl__sent">
          <MailCheck aria-hidden="true" />
          <span>{request.data.message}</span>
        </p>
        <div className="free-dl__actions">
          <Button onClick={onDone} data-autofocus>
            Done
          </Button>
        </div>
      </div>
    );
  }

  const submit = handleSubmit((values) => request.mutate(values));
  return (
    <form className="free-dl" onSubmit={(event) => void submit(event)} noValidate aria-busy={request.isPending || undefined}>
      <p className="free-dl__lead">{freeDownloadWords.explanation}</p>
      <TextField
        label={freeDownloadWords.emailLabel}
        type="email"
        autoComplete="email"
        inputMode="email"
        data-autofocus
        error={errors.email?.message}
        {...register('email')}
      />
      <Checkbox label={freeDownloadWords.consentLabel} {...register('consent')} />
      {request.isError && (
        <p role="alert" className="free-dl__error">
          {errorMessage(request.error)}
        </p>
      )}
      <div className="free-dl__actions">
        <Button type="submit" busy={request.isPending} busyLabel="Sending...">
          {freeDownloadWords.submit}
        </Button>
      </div>
    </form>
  );
}
