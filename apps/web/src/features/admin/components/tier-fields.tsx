/** A tier's name, default price and files, as both the add and the edit form of Admin → Licenses ask for them. */
import { useId } from 'react';
import { fileTypes, libraryFileLabels } from '@beat/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import type { TierDraft } from '../lib/tier-draft';

export interface TierFieldsProps {
  draft: TierDraft;
  /** The price box's own error (a price that is not a number). */
  priceError?: string;
  onChange: (draft: TierDraft) => void;
}

export function TierFields({ draft, priceError, onChange }: TierFieldsProps) {
  const filesHint = useId();
  return (
    <div className="tier-fields">
      <TextField label="Name" value={draft.name} maxLength={60} autoComplete="off" onChange={(event) => onChange({ ...draft, name: event.currentTarget.value })} />
      <TextField
        label="Default price"
        inputMode="decimal"
        placeholder="e.g. 49.99"
        hint="Leave empty for none: each beat then needs its own price."
        icon={<span className="tier-fields__currency">$</span>}
        value={draft.price}
        error={priceError}
        onChange={(event) => onChange({ ...draft, price: event.currentTarget.value })}
      />
      <fieldset className="tier-fields__files" aria-describedby={filesHint}>
        <legend className="field__label">Files</legend>
        <div className="tier-fields__checks">
          {fileTypes.map((file) => (
            <Checkbox
              key={file}
              label={libraryFileLabels[file]}
              checked={draft.files.includes(file)}
              onChange={(event) =>
                onChange({ ...draft, files: event.currentTarget.checked ? [...draft.files, file] : draft.files.filter((f) => f !== file) })
              }
            />
          ))}
        </div>
        <p id={filesHint} className="field__hint">
          What the buyer downloads. A beat without one of these files does not offer the tier.
        </p>
      </fieldset>
    </div>
  );
}
