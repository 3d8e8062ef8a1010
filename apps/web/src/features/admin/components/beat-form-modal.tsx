/**
 * The Add/Edit Beat form (docs/product/screens-and-words.md#admin-screens): Beat Title, Artist Name, Category, BPM, Key, Release Date,
 * Tags, Moods, type, Price (Exclusive) or an optional lease price (docs/product/offers-and-prices.md#primary-offer), the countdown end for exclusives, and the
 * files — MP3 or WAV (one is required for a new beat; a WAV makes the MP3 buyers download), stems ZIP — uploaded with a progress bar.
 */
import { MinimumOfferForm } from '../../exclusive-offers';
import { useState, type FormEvent } from 'react';
import { useController, useForm, useWatch, type Control, type DefaultValues } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { adminBeatFields, beatFileMessages, categories, moods, musicalKeys, type AdminBeat, type AdminBeatFields, type AdminBeatFieldsInput, type BeatFileKind } from '@beat/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { FieldMessages } from '../../../components/ui/field-messages';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSaveBeat } from '../api/save-beat';
import { formatMp3Info, formatStemsInfo, formatWavInfo } from '../lib/audio-info';
import { checkBeatFile } from '../lib/beat-files';
import { formatBytes, toLocalDateTimeInput } from '../lib/format';
import { BeatTiersPanel } from './beat-tiers-panel';
import { FileField } from './file-field';
import { SelectField } from './select-field';
import './beat-form.css';

const FORM_ID = 'admin-beat-form';

const categoryOptions = [{ value: '', label: 'Choose a category' }, ...categories.map((c) => ({ value: c, label: c }))];
const keyOptions = [{ value: '', label: 'Not set' }, ...musicalKeys.map((k) => ({ value: k, label: k }))];
const typeOptions = [
  { value: 'Non-Exclusive', label: 'Non-Exclusive (lease, VIP catalog)' },
  { value: 'Exclusive', label: 'Exclusive' },
];

function today(): string {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

function defaultsFor(beat: AdminBeat | undefined): DefaultValues<AdminBeatFieldsInput> {
  if (!beat) {
    return {
      beatTitle: '',
      artistName: '',
      bpm: '',
      musicalKey: '',
      releaseDate: today(),
      tags: '',
      moods: '',
      beatType: 'Non-Exclusive',
      price: '',
      countdownEndTime: '',
      freeDownload: 'false',
    };
  }
  return {
    beatTitle: beat.beatTitle,
    artistName: beat.artistName,
    category: (categories as readonly string[]).includes(beat.category ?? '') ? (beat.category as AdminBeatFieldsInput['category']) : undefined,
    bpm: String(beat.bpm),
    musicalKey: beat.musicalKey ?? '',
    releaseDate: beat.releaseDate.slice(0, 10),
    tags: beat.tags.join(', '),
    moods: beat.moods.join(', '),
    beatType: beat.beatType,
    price: beat.price === null ? '' : beat.price.toFixed(2),
    countdownEndTime: toLocalDateTimeInput(beat.countdownEndTime),
    freeDownload: beat.freeDownload ? 'true' : 'false',
  };
}

type Files = Partial<Record<BeatFileKind, File>>;
type FileErrors = Partial<Record<BeatFileKind, string>>;

export interface BeatFormModalProps {
  open: boolean;
  onClose: () => void;
  /** The beat to edit; absent to add one. */
  beat?: AdminBeat;
}

export function BeatFormModal({ open, onClose, beat }: BeatFormModalProps) {
  // The running upload, so the footer's button can cancel it.
  const [upload, setUpload] = useState<AbortController | null>(null);
  const uploading = upload !== null;
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={beat ? 'Edit Beat' : 'Add New Beat'}
      description={beat ? `Changes show in the store as soon as you save.` : 'The beat is published to the store as soon as it is saved.'}
      size="lg"
      dismissible={!uploading}
      footer={
        uploading ? (
          <Button variant="danger" onClick={() => upload.abort()}>
            Cancel upload
          </Button>
        ) : (
          <>
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" form={FORM_ID}>
              {beat ? 'Save Changes' : 'Add Beat'}
            </Button>
          </>
        )
      }
    >
      <BeatForm beat={beat} onSaved={onClose} onUpload={setUpload} />
      {/* Its own form beside the beat's: saved at once (docs/product/exclusive-offers.md#the-minimum). */}
      {beat?.beatType === 'Exclusive' && <MinimumOfferForm beatId={beat._id} />}
      {/* Each tier's price and switch are saved row by row, apart from the beat's form (docs/product/licenses.md#tiers). */}
      {beat && <BeatTiersPanel beatId={beat._id} />}
    </Modal>
  );
}

interface BeatFormProps {
  beat?: AdminBeat;
  onSaved: () => void;
  /** Called with the upload's controller when it starts, and null when it ends. */
  onUpload: (controller: AbortController | null) => void;
}

function BeatForm({ beat, onSaved, onUpload }: BeatFormProps) {
  const save = useSaveBeat();
  const [files, setFiles] = useState<Files>({});
  const [fileErrors, setFileErrors] = useState<FileErrors>({});
  const [progress, setProgress] = useState<{ sent: number; total: number } | null>(null);
  const {
    register,
    handleSubmit,
    control,
    clearErrors,
    formState: { errors },
  } = useForm<AdminBeatFieldsInput, unknown, AdminBeatFields>({
    resolver: zodResolver(adminBeatFields),
    defaultValues: defaultsFor(beat),
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const beatType = useWatch({ control, name: 'beatType' });
  const exclusive = beatType === 'Exclusive';
  const busy = progress !== null;

  async function chooseFile(kind: BeatFileKind, file: File | null) {
    setFiles((f) => ({ ...f, [kind]: file ?? undefined }));
    const problem = file ? await checkBeatFile(kind, file) : null;
    setFileErrors((e) => ({
      ...e,
      [kind]: problem ?? undefined,
      // A WAV is audio enough: the MP3 is made from it.
      ...(kind === 'wav' && file && e.mp3 === beatFileMessages.mp3Required ? { mp3: undefined } : {}),
    }));
  }

  // A new beat's missing MP3 is flagged with the other fields' errors on the same submit, not after them.
  const missingMp3 = !beat && !files.mp3 && !files.wav ? beatFileMessages.mp3Required : undefined;
  const flagMissingMp3 = () => {
    if (missingMp3) setFileErrors((e) => ({ ...e, mp3: missingMp3 }));
  };

  const submit = handleSubmit(async (values) => {
    flagMissingMp3();
    if (missingMp3 || Object.values(fileErrors).some(Boolean)) return;

    const fields = {
      beatTitle: values.beatTitle,
      artistName: values.artistName,
      category: values.category,
      bpm: String(values.bpm),
      musicalKey: values.musicalKey ?? '',
      releaseDate: values.releaseDate,
      tags: values.tags.join(', '),
      moods: values.moods.join(', '),
      beatType: values.beatType,
      price: values.price === null ? '' : values.price.toFixed(2),
      // Parsed in the browser, so the admin's local time becomes an exact instant.
      countdownEndTime: values.beatType === 'Exclusive' ? (values.countdownEndTime ?? '') : '',
      freeDownload: values.freeDownload ? 'true' : 'false',
    };
    const controller = new AbortController();
    setProgress({ sent: 0, total: 1 });
    onUpload(controller);
    try {
      const saved = await save.mutateAsync({
        beatId: beat?._id,
        fields,
        files,
        signal: controller.signal,
        onProgress: (sent, total) => setProgress({ sent, total }),
      });
      toast.success(beat ? `${saved.beatTitle} updated` : `${saved.beatTitle} added: it goes live once its preview is rendered`);
      onSaved();
    } catch (error) {
      if (error instanceof DOMException && error.name === 'AbortError') toast('Upload cancelled');
      else toast.error(errorMessage(error));
    } finally {
      setProgress(null);
      onUpload(null);
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    flagMissingMp3();
    return submit(event);
  };

  const uploadTotal = Object.values(files).reduce((sum, f) => sum + (f?.size ?? 0), 0);
  const found = beat?.fileInfo;
  const percent = progress ? Math.min(100, Math.round((progress.sent / Math.max(1, progress.total)) * 100)) : 0;

  return (
    <form id={FORM_ID} className="beat-form" onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <fieldset className="beat-form__fields" disabled={busy}>
        <legend className="visually-hidden">Beat details</legend>
        <TextField label="Beat Title" error={errors.beatTitle?.message} data-autofocus {...register('beatTitle')} />
        <TextField label="Artist Name" error={errors.artistName?.message} {...register('artistName')} />
        <SelectField label="Category" options={categoryOptions} error={errors.category?.message} {...register('category')} />
        <TextField label="BPM" inputMode="numeric" placeholder="e.g. 92" error={errors.bpm?.message} {...register('bpm')} />
        <SelectField label="Key" options={keyOptions} error={errors.musicalKey?.message} {...register('musicalKey')} />
        <TextField label="Release Date" type="date" error={errors.releaseDate?.message} {...register('releaseDate')} />
        <TextField
          label="Tags"
          placeholder="trap, dark, 808"
          hint="Separate tags with commas."
          error={errors.tags?.message}
          className="beat-form__wide"
          {...register('tags')}
        />
        <MoodsField control={control} error={errors.moods?.message} />
        <FreeDownloadField control={control} />
        <SelectField
          label="Type"
          options={typeOptions}
          error={errors.beatType?.message}
          {...register('beatType', { onChange: () => clearErrors(['price', 'countdownEndTime']) })}
        />
        <TextField
          label={exclusive ? 'Price (Exclusive)' : 'Lease Price (MP3)'}
          inputMode="decimal"
          placeholder={exclusive ? 'e.g. 499.00' : 'Optional, e.g. 24.99'}
          hint={exclusive ? 'The exclusive license price, in dollars.' : 'Leave empty: the beat is reached through VIP or a credit.'}
          icon={<span className="beat-form__currency">$</span>}
          error={errors.price?.message}
          {...register('price')}
        />
        {exclusive && (
          <TextField
            label="Countdown end"
            type="datetime-local"
            hint="When the exclusive offer ends; an unsold exclusive then joins the VIP catalog."
            error={errors.countdownEndTime?.message}
            className="beat-form__wide"
            {...register('countdownEndTime')}
          />
        )}
      </fieldset>

      <fieldset className="beat-form__files" disabled={busy}>
        <legend className="beat-form__legend">Files</legend>
        <div className="beat-form__file-grid">
        <FileField
          kind="mp3"
          label="MP3"
          required={!beat && !files.wav}
          file={files.mp3 ?? null}
          current={beat ? 'mp3' : null}
          found={found?.mp3 && formatMp3Info(found.mp3)}
          error={fileErrors.mp3}
          onChange={(f) => void chooseFile('mp3', f)}
        />
        <FileField
          kind="wav"
          label="WAV"
          file={files.wav ?? null}
          current={beat?.hasWav ? 'wav' : null}
          found={found?.wav && formatWavInfo(found.wav)}
          error={fileErrors.wav}
          onChange={(f) => void chooseFile('wav', f)}
        />
        <FileField
          kind="stems"
          label="Stems ZIP"
          file={files.stems ?? null}
          current={beat?.hasStems ? 'stems' : null}
          found={found?.stems && formatStemsInfo(found.stems)}
          error={fileErrors.stems}
          onChange={(f) => void chooseFile('stems', f)}
        />
        </div>
      </fieldset>
      <p className="beat-form__note">With a WAV, the MP3 buyers download is made from it at 320 kbps stereo. The store&rsquo;s preview is rendered from the WAV (or the MP3 when there is no WAV) with the store&rsquo;s tag mixed in; the beat is listed once it is ready. Files are checked by decoding them.</p>

      {progress && (
        <div className="beat-form__progress">
          <div
            className="beat-form__bar"
            role="progressbar"
            aria-label="Upload progress"
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percent}
            aria-valuetext={`${percent}%`}
          >
            <span style={{ width: `${percent}%` }} />
          </div>
          <p className="beat-form__progress-text" aria-live="polite">
            {percent >= 100
              ? 'Upload complete. Checking the files…'
              : uploadTotal > 0
                ? `Uploading ${percent}% · ${formatBytes(progress.sent)} of ${formatBytes(progress.total)}`
                : `Saving ${percent}%`}
          </p>
        </div>
      )}
    </form>
  );
}

/** "Free download": the tagged MP3 for an e-mail address (docs/product/free-downloads.md); the form carries "true" or "false". */
function FreeDownloadField({ control }: { control: Control<AdminBeatFieldsInput, unknown, AdminBeatFields> }) {
  const { field } = useController({ control, name: 'freeDownload' });
  const hintId = `${FORM_ID}-free-download-hint`;
  return (
    <div className="beat-form__wide">
      <Checkbox
        label="Free download"
        name={field.name}
        checked={field.value === 'true'}
        onBlur={field.onBlur}
        onChange={(event) => field.onChange(event.currentTarget.checked ? 'true' : 'false')}
        aria-describedby={hintId}
      />
      <p id={hintId} className="field__hint">
        Anyone may get the tagged MP3 (never the clean file) by giving an e-mail address.
      </p>
    </div>
  );
}

/** The moods as checkboxes; the form carries them as the comma-separated text the server reads ("dark, chill"). */
function MoodsField({ control, error }: { control: Control<AdminBeatFieldsInput, unknown, AdminBeatFields>; error?: string }) {
  const { field } = useController({ control, name: 'moods' });
  const chosen = (field.value ?? '')
    .split(',')
    .map((m) => m.trim())
    .filter(Boolean);
  const errorId = `${FORM_ID}-moods-error`;
  return (
    <fieldset className="beat-form__moods beat-form__wide" aria-describedby={error ? errorId : undefined}>
      <legend className="field__label">Moods</legend>
      <div className="beat-form__mood-grid">
        {moods.map((mood) => (
          <Checkbox
            key={mood}
            label={mood.charAt(0).toUpperCase() + mood.slice(1)}
            name={field.name}
            value={mood}
            checked={chosen.includes(mood)}
            onBlur={field.onBlur}
            onChange={(event) => {
              const next = event.target.checked ? [...chosen, mood] : chosen.filter((m) => m !== mood);
              field.onChange(moods.filter((m) => next.includes(m)).join(', '));
            }}
          />
        ))}
      </div>
      <FieldMessages error={error} errorId={errorId} />
    </fieldset>
  );
}
