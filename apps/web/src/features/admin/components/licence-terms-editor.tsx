/**
 * One offer's terms in Admin → Licenses: the title and body of its license PDF, the numbers buyers compare, and beside
 * them what buyers will read for those values (docs/product/licenses.md#terms). The title and the body are checked by
 * the server (a typo in a placeholder is refused there), and its message is shown with the admin's text kept.
 */
import { useId, useState, type FormEvent } from 'react';
import { AlertCircle, ExternalLink } from 'lucide-react';
import { Link } from 'react-router';
import { licencePlaceholderHints, licencePlaceholders, licenceTermsPath, type TierTerms } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useUpdateLicenceTerms } from '../api/update-licence-terms';
import { formatUsDateTime } from '../lib/format';
import {
  allowanceFields,
  draftChanges,
  parseDraft,
  previewLines,
  toDraft,
  type AllowanceDraft,
  type AllowanceKey,
  type LicenceTermsDraft,
  type NumberKey,
} from '../lib/licence-terms-draft';
import { SavedNote } from './form-outcome';
import './admin-forms.css';

export interface LicenceTermsEditorProps {
  /** The terms in force: a fixed offer's or a licence tier's. */
  terms: TierTerms;
  /** The offer's or the tier's name ("MP3 Lease", "WAV Lease"). */
  label: string;
  /** What the admin has typed and not saved (none: the form shows the terms in force). */
  draft: LicenceTermsDraft | undefined;
  onDraft: (draft: LicenceTermsDraft | undefined) => void;
  /** Asks for the terms in force again and drops the draft (after a 409: someone else saved first). */
  onReload: () => Promise<void>;
}

export function LicenceTermsEditor({ terms, label, draft: typed, onDraft, onReload }: LicenceTermsEditorProps) {
  const id = useId();
  const draft = typed ?? toDraft(terms);
  const save = useUpdateLicenceTerms();
  const [saved, setSaved] = useState(false);
  const [failure, setFailure] = useState<{ message: string; conflict: boolean } | null>(null);
  const [numberErrors, setNumberErrors] = useState<Partial<Record<NumberKey, string>>>({});
  const [reloading, setReloading] = useState(false);
  const changed = draftChanges(draft, terms);
  const ids = { heading: `${id}-heading`, body: `${id}-body`, placeholders: `${id}-placeholders`, limitsHint: `${id}-limits`, preview: `${id}-preview` };

  function edit(next: Partial<LicenceTermsDraft>) {
    onDraft({ ...draft, ...next });
    setSaved(false);
  }

  function editAllowance(key: AllowanceKey, next: Partial<AllowanceDraft>) {
    edit({ allowances: { ...draft.allowances, [key]: { ...draft.allowances[key], ...next } } });
    setNumberErrors(({ [key]: _fixed, ...rest }) => rest);
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseDraft(draft);
    if (!parsed.ok) {
      setNumberErrors(parsed.errors);
      const first = [...allowanceFields.map(({ key }) => key), 'publishingShare' as const].find((key) => parsed.errors[key]);
      if (first) document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    setNumberErrors({});
    setFailure(null);
    setSaved(false);
    try {
      await save.mutateAsync({ offer: terms.offer, terms: parsed.body });
      // The form now shows the terms in force: the saved version.
      onDraft(undefined);
      setSaved(true);
    } catch (error) {
      setFailure({ message: errorMessage(error), conflict: error instanceof ApiError && error.status === 409 });
    }
  }

  async function reload() {
    setReloading(true);
    try {
      await onReload();
      setFailure(null);
    } catch (error) {
      setFailure({ message: errorMessage(error), conflict: true });
    } finally {
      setReloading(false);
    }
  }

  return (
    <div className="licence-editor">
      <form
        className="admin-form licence-editor__form"
        onSubmit={(event) => void onSubmit(event)}
        noValidate
        aria-labelledby={ids.heading}
        aria-busy={save.isPending || undefined}
      >
        <div className="licence-editor__head">
          <h3 id={ids.heading} className="licence-editor__title">
            {label} terms
          </h3>
          <p className="licence-editor__version">
            Version {terms.version}, saved <time dateTime={terms.updatedAt}>{formatUsDateTime(terms.updatedAt)}</time>
          </p>
        </div>

        <TextField
          label="Title"
          value={draft.title}
          maxLength={120}
          hint="The heading of the license PDF and of its public page."
          onChange={(event) => edit({ title: event.currentTarget.value })}
        />

        <div className="field">
          <label htmlFor={ids.body} className="field__label">
            Body
          </label>
          <textarea
            id={ids.body}
            className="field__input licence-editor__body"
            value={draft.body}
            rows={16}
            spellCheck
            aria-describedby={ids.placeholders}
            onChange={(event) => edit({ body: event.currentTarget.value })}
          />
          <div id={ids.placeholders} className="licence-placeholders">
            <p className="field__hint">
              Plain text; a blank line starts a new paragraph. These placeholders are filled in for each sale (any other{' '}
              <code>{'{word}'}</code> is refused):
            </p>
            <ul className="licence-placeholders__list">
              {licencePlaceholders.map((name) => (
                <li key={name}>
                  <code>{`{${name}}`}</code>
                  <span className="licence-placeholders__arrow" aria-hidden="true">
                    →
                  </span>
                  <span className="visually-hidden"> becomes </span>
                  <span>{licencePlaceholderHints[name].replace(/^\[|\]$/g, '')}</span>
                </li>
              ))}
            </ul>
          </div>
        </div>

        <fieldset className="licence-editor__group">
          <legend className="licence-editor__legend">Numbers</legend>
          <p id={ids.limitsHint} className="field__hint">
            A whole number for each; <strong>0 means not allowed</strong>. Tick Unlimited for no limit.
          </p>
          <div className="licence-editor__numbers">
            {allowanceFields.map(({ key, label: fieldLabel }) => (
              <AllowanceField
                key={key}
                id={`${id}-${key}`}
                label={fieldLabel}
                value={draft.allowances[key]}
                error={numberErrors[key]}
                hintId={ids.limitsHint}
                onChange={(next) => editAllowance(key, next)}
              />
            ))}
            <TextField
              id={`${id}-publishingShare`}
              className="licence-number"
              label="Publishing kept by the producer (%)"
              type="number"
              inputMode="numeric"
              min={0}
              max={100}
              step={1}
              value={draft.publishingShare}
              hint="Empty: the terms say nothing of it."
              error={numberErrors.publishingShare}
              onChange={(event) => {
                edit({ publishingShare: event.currentTarget.value });
                setNumberErrors(({ publishingShare: _fixed, ...rest }) => rest);
              }}
            />
          </div>
        </fieldset>

        <fieldset className="licence-editor__group">
          <legend className="licence-editor__legend">Rights</legend>
          <div className="licence-editor__checks">
            <Checkbox label="Credit required (Prod. by …)" checked={draft.creditRequired} onChange={(event) => edit({ creditRequired: event.currentTarget.checked })} />
            <Checkbox label="Exclusive license" checked={draft.exclusive} onChange={(event) => edit({ exclusive: event.currentTarget.checked })} />
          </div>
        </fieldset>

        {failure && (
          <div className="licence-editor__failure" role="alert">
            <AlertCircle aria-hidden="true" />
            <div>
              <p>{failure.message}</p>
              {failure.conflict && (
                <Button size="sm" variant="secondary" busy={reloading} busyLabel="Reloading..." onClick={() => void reload()}>
                  Reload the terms (drops your changes)
                </Button>
              )}
            </div>
          </div>
        )}

        <div className="form-actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving..." disabled={!changed && !save.isPending}>
            Save terms
          </Button>
          <SavedNote saved={saved ? 'License terms saved.' : null} />
          <Link className="licence-editor__open" to={licenceTermsPath(terms.offer)}>
            Open the public page <ExternalLink aria-hidden="true" />
          </Link>
        </div>
      </form>

      <section className="licence-preview" aria-labelledby={ids.preview}>
        <h3 id={ids.preview} className="licence-preview__label">
          What buyers see
        </h3>
        <p className="licence-preview__where">On the beat page, in the cart and at checkout, for {label}:</p>
        <p className="licence-preview__title">{draft.title.trim() || 'Untitled'}</p>
        <ul className="licence-preview__lines">
          {previewLines(draft).map((line, i) => (
            // The same lines in the same order (seven, and the publishing share when the terms state it).
            <li key={i} className={line.pending ? 'is-pending' : undefined}>
              {line.text}
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function AllowanceField({
  id,
  label,
  value,
  error,
  hintId,
  onChange,
}: {
  id: string;
  label: string;
  value: AllowanceDraft;
  error: string | undefined;
  hintId: string;
  onChange: (next: Partial<AllowanceDraft>) => void;
}) {
  const errorId = `${id}-error`;
  return (
    <div className={error ? 'field field--invalid licence-number' : 'field licence-number'}>
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <div className="licence-number__row">
        <div className="field__control licence-number__control">
          <input
            id={id}
            type="number"
            className="field__input"
            inputMode="numeric"
            min={0}
            step={1}
            value={value.unlimited ? '' : value.value}
            placeholder={value.unlimited ? 'Unlimited' : undefined}
            disabled={value.unlimited}
            aria-invalid={error ? true : undefined}
            aria-describedby={[hintId, error && errorId].filter(Boolean).join(' ')}
            onChange={(event) => onChange({ value: event.currentTarget.value })}
          />
        </div>
        <Checkbox
          className="licence-number__unlimited"
          label={
            <>
              Unlimited<span className="visually-hidden"> {label.toLowerCase()}</span>
            </>
          }
          checked={value.unlimited}
          onChange={(event) => onChange({ unlimited: event.currentTarget.checked })}
        />
      </div>
      {error && (
        <p id={errorId} className="field__error">
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      )}
    </div>
  );
}
