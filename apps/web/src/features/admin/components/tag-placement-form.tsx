/** Store Settings' "Tag placement": when the tag first plays in a preview, how often it repeats and how loud it is. */
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { tagPlacementBody, tagPlacementLimits, type TagPlacement } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateTagPlacement } from '../api/update-tag-placement';
import { AdminCard } from './admin-card';
import './admin-forms.css';

const { firstOffsetSeconds: first, intervalSeconds: interval, levelDb: level } = tagPlacementLimits;

const placementFields: { name: keyof TagPlacement & keyof typeof tagPlacementLimits; label: string; hint: string }[] = [
  { name: 'firstOffsetSeconds', label: 'First tag at (seconds)', hint: `From the start of the preview, ${first.min} to ${first.max} s.` },
  { name: 'intervalSeconds', label: 'Repeat every (seconds)', hint: `Then again after each interval, ${interval.min} to ${interval.max} s.` },
  {
    name: 'levelDb',
    label: 'Tag level (dB)',
    hint: `Relative to each beat's own loudness: 0 dB matches it, below 0 sits the tag under the music (${level.min} to +${level.max} dB).`,
  },
];

/** The parent keys it by the saved placement, so a save (or a change elsewhere) shows the server's values. */
export function TagPlacementForm({ placement }: { placement: TagPlacement }) {
  const headingId = useId();
  const save = useUpdateTagPlacement();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver: zodResolver(tagPlacementBody), defaultValues: placement });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await save.mutateAsync(values);
      toast.success('Tag placement saved. The previews are being rendered again.');
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  return (
    <AdminCard className="store-settings__placement" title="Tag placement" lead="Where the tag plays in each preview, and how loud." headingId={headingId}>
      <form className="admin-form" onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
        <fieldset className="placement-form__fields" disabled={save.isPending}>
          {placementFields.map(({ name, label, hint }) => (
            <TextField
              key={name}
              label={label}
              type="number"
              inputMode="decimal"
              step={0.5}
              min={tagPlacementLimits[name].min}
              max={tagPlacementLimits[name].max}
              hint={hint}
              error={errors[name]?.message}
              {...register(name, { valueAsNumber: true })}
            />
          ))}
        </fieldset>
        <div className="placement-form__actions">
          <Button type="submit" busy={save.isPending} busyLabel="Saving...">
            Save
          </Button>
        </div>
      </form>
    </AdminCard>
  );
}
