/**
 * Account settings: name, read-only e-mail, username and profile picture (docs/product/screens-and-words.md#forms, #toasts).
 * Name and username change without a picture; 'Profile Picture is required' only when the user chose to replace the
 * picture and submits without a file (docs/product/accounts.md#profile-picture).
 */
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { AtSign, ImageUp, Mail, UserRound } from 'lucide-react';
import { accountMessages, updateInfoBody, type User } from '@beat/shared';
import { Button } from '../../../components/ui/button';
import { TextField } from '../../../components/ui/text-field';
import { errorMessage } from '../../../lib/api-client';
import { useSubmitOnlyForm } from '../../../hooks/use-submit-only-form';
import { UserAvatar } from '../../auth';
import { useUpdateInfo } from '../api/update-info';
import { readImageFile } from '../lib/read-image-file';

// The form checks name and username with the server's own rules; the picture is checked when chosen.
const profileSchema = updateInfoBody.shape.data.pick({ name: true, username: true });

export function ProfileForm({ user, disabled = false }: { user: User; disabled?: boolean }) {
  const update = useUpdateInfo();
  const fileInput = useRef<HTMLInputElement>(null);
  const pictureId = useId();
  const [picture, setPicture] = useState<string | null>(null);
  const [pictureError, setPictureError] = useState<string | null>(null);
  // The user opened the file chooser to replace (or add) the picture; cleared by "Keep current picture" and after saving.
  const [replacing, setReplacing] = useState(false);
  const { field, handleSubmit } = useSubmitOnlyForm<z.input<typeof profileSchema>, z.output<typeof profileSchema>>({
    resolver: zodResolver(profileSchema),
    defaultValues: { name: user.fullName, username: user.username ?? '' },
  });

  async function onPicture(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const result = await readImageFile(file);
    if (!result.ok) {
      setPictureError(result.message);
      toast.error(result.message);
      return;
    }
    setPictureError(null);
    setPicture(result.dataUrl);
  }

  // A replacement chosen without a file is flagged with the other fields' errors, on the same submit.
  const pictureMissing = replacing && !picture;
  const submit = handleSubmit(async (values) => {
    if (pictureMissing) return;
    try {
      await update.mutateAsync({
        email: user.email,
        data: { name: values.name, username: values.username, profileImage: picture ?? user.profileImage },
      });
      setPicture(null);
      setReplacing(false);
      toast.success(accountMessages.userInfoUpdated);
    } catch (error) {
      toast.error(errorMessage(error));
    }
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (pictureMissing) {
      setPictureError(accountMessages.profilePictureRequired);
      toast.error(accountMessages.profilePictureRequired);
    }
    return submit(event);
  };

  const preview = { fullName: user.fullName, profileImage: picture ?? user.profileImage };
  return (
    <form className="settings-form" onSubmit={onSubmit} noValidate aria-label="Profile">
      <fieldset className="settings-form__fieldset" disabled={disabled}>
        <div className={pictureError ? 'settings-picture settings-picture--invalid' : 'settings-picture'}>
          <UserAvatar user={preview} size={88} className="settings-picture__avatar" key={preview.profileImage ?? 'initials'} />
          <div className="settings-picture__body">
            <p className="settings-picture__title" id={`${pictureId}-title`}>
              Profile picture
            </p>
            <p className="field__hint" id={`${pictureId}-hint`}>
              PNG, JPEG or JPG, up to 2 MB. {picture ? 'New picture chosen: save to keep it.' : ''}
            </p>
            <input
              ref={fileInput}
              id={pictureId}
              className="visually-hidden"
              type="file"
              accept="image/png,image/jpeg,.png,.jpg,.jpeg"
              aria-describedby={`${pictureId}-hint${pictureError ? ` ${pictureId}-error` : ''}`}
              aria-invalid={pictureError ? true : undefined}
              onClick={() => setReplacing(true)}
              onChange={(event) => void onPicture(event)}
            />
            <div className="settings-picture__actions">
              <label htmlFor={pictureId} className="settings-picture__button">
                <ImageUp aria-hidden="true" />
                {user.profileImage || picture ? 'Change picture' : 'Upload picture'}
              </label>
              {replacing && (
                <button
                  type="button"
                  className="settings-picture__keep"
                  onClick={() => {
                    setReplacing(false);
                    setPicture(null);
                    setPictureError(null);
                  }}
                >
                  {user.profileImage ? 'Keep current picture' : 'No picture for now'}
                </button>
              )}
            </div>
            {pictureError && (
              <p className="field__error" id={`${pictureId}-error`} role="alert">
                {pictureError}
              </p>
            )}
          </div>
        </div>

        <div className="settings-form__grid">
          <TextField
            label="Name"
            autoComplete="name"
            icon={<UserRound />}
            {...field('name')}
          />
          <TextField
            label="Username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            icon={<AtSign />}
            hint="Letters, digits, dots, dashes and underscores."
            {...field('username')}
          />
          <TextField
            className="settings-form__wide"
            label="Email"
            type="email"
            icon={<Mail />}
            value={user.email}
            readOnly
            hint="Your e-mail is your login and cannot be changed here."
          />
        </div>

        <div className="settings-form__actions">
          <Button type="submit" busy={update.isPending} busyLabel="Updating...">
            Update
          </Button>
        </div>
      </fieldset>
    </form>
  );
}
