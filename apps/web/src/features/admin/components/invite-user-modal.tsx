/**
 * The Invite User form (docs/product/screens-and-words.md#admin-screens): Email, Name, Credits, 'Assign free credits'. The account
 * carries the invitee's name (docs/product/accounts.md#invited-users).
 */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { AlertCircle, Coins, Mail, UserRound } from 'lucide-react';
import { inviteUserBody } from '@beat/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useInviteUser } from '../api/invite-user';
import { FormModal } from './form-modal';
import './admin-forms.css';

const FORM_ID = 'admin-invite-form';
const CHECK_ERROR_ID = 'admin-invite-credits-check-error';

export function InviteUserModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const invite = useInviteUser();
  return (
    <FormModal
      open={open}
      onClose={onClose}
      title="Invite User"
      description="They get an e-mail with a temporary password, to change when they first log in."
      formId={FORM_ID}
      submitLabel="Send Invitation"
      busy={invite.isPending}
      busyLabel="Sending..."
    >
      <InviteForm
        onSubmit={async (values) => {
          try {
            const user = await invite.mutateAsync(values);
            toast.success(`Invitation sent to ${user.email}`);
            onClose();
          } catch (error) {
            toast.error(errorMessage(error));
          }
        }}
      />
    </FormModal>
  );
}

interface InviteValues {
  email: string;
  fullName: string;
  credits: number;
  assignFreeCredits: boolean;
}

function InviteForm({ onSubmit }: { onSubmit: (values: InviteValues) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(inviteUserBody),
    defaultValues: { email: '', fullName: '', credits: undefined, assignFreeCredits: true },
  });
  return (
    <form id={FORM_ID} className="admin-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label="Email"
        type="email"
        autoComplete="off"
        placeholder="artist@example.com"
        icon={<Mail />}
        error={errors.email?.message}
        data-autofocus
        {...register('email')}
      />
      <TextField
        label="Name"
        autoComplete="off"
        placeholder="Jane Doe"
        icon={<UserRound />}
        hint="How the store greets them; they can change it in their account settings."
        error={errors.fullName?.message}
        {...register('fullName')}
      />
      <TextField
        label="Credits"
        type="number"
        inputMode="numeric"
        min={0}
        max={1000}
        placeholder="e.g. 3"
        icon={<Coins />}
        hint="Each credit unlocks the MP3 and WAV of one VIP catalog beat."
        error={errors.credits?.message}
        // An empty box becomes NaN, which the schema reads as missing ('Credits are required').
        {...register('credits', { valueAsNumber: true })}
      />
      <div>
        <Checkbox
          label="Assign free credits"
          aria-invalid={errors.assignFreeCredits ? true : undefined}
          aria-describedby={errors.assignFreeCredits ? CHECK_ERROR_ID : undefined}
          {...register('assignFreeCredits')}
        />
        {errors.assignFreeCredits?.message && (
          <p id={CHECK_ERROR_ID} className="field__error admin-form__check-error">
            <AlertCircle aria-hidden="true" />
            {errors.assignFreeCredits.message}
          </p>
        )}
      </div>
    </form>
  );
}
