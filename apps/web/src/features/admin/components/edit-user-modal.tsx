/** Edit a user's Credits and stems access (isStemsAvailable): the two things only an admin may change. */
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { Coins } from 'lucide-react';
import { updateUserBody, userTypeLabels, type User } from '@beat/shared';
import { Checkbox } from '../../../components/ui/checkbox';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateUser } from '../api/update-user';
import { FormModal } from './form-modal';
import './admin-forms.css';

const FORM_ID = 'admin-edit-user-form';

export function EditUserModal({ user, onClose }: { user: User | null; onClose: () => void }) {
  const update = useUpdateUser();
  return (
    <FormModal
      open={user !== null}
      onClose={onClose}
      title="Edit User"
      description={user ? `${user.fullName} · ${user.email} · ${userTypeLabels[user.userType]}` : undefined}
      formId={FORM_ID}
      submitLabel="Save Changes"
      busy={update.isPending}
      busyLabel="Saving..."
    >
      {user && (
        <EditForm
          user={user}
          onSubmit={async (values) => {
            try {
              const saved = await update.mutateAsync({ userId: user._id, ...values });
              toast.success(`${saved.fullName} updated`);
              onClose();
            } catch (error) {
              toast.error(errorMessage(error));
            }
          }}
        />
      )}
    </FormModal>
  );
}

function EditForm({ user, onSubmit }: { user: User; onSubmit: (values: { credits?: number; isStemsAvailable?: boolean }) => Promise<void> }) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({
    resolver: zodResolver(updateUserBody),
    defaultValues: { credits: user.Credits, isStemsAvailable: user.isStemsAvailable },
  });
  return (
    <form id={FORM_ID} className="admin-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <TextField
        label="Credits"
        type="number"
        inputMode="numeric"
        min={0}
        icon={<Coins />}
        error={errors.credits?.message}
        data-autofocus
        {...register('credits', { valueAsNumber: true })}
      />
      <Checkbox label="Stems available: may download the stems of every beat that has them" {...register('isStemsAvailable')} />
    </form>
  );
}
