/** The user's picture, else their initials on their profile colour (docs/product/screens-and-words.md#layout). Decorative: name the link around it. */
import { useState } from 'react';
import type { User } from '@beat/shared';
import { useBrowserValue } from '../../../hooks/use-browser-value';
import { avatarInitials, inkFor, profileColor } from '../lib/profile-color';
import './user-avatar.css';

export interface UserAvatarProps {
  user: Pick<User, 'fullName' | 'profileImage'> | null;
  size?: number;
  className?: string;
}

/** The avatar's colour in the server's HTML, before the browser's own is known. */
const SERVER_COLOR = '#3f3f52';

export function UserAvatar({ user, size = 36, className }: UserAvatarProps) {
  // The colour is this browser's: the server renders a neutral one, replaced as the page hydrates.
  const background = useBrowserValue(profileColor, SERVER_COLOR);
  const [imageFailed, setImageFailed] = useState(false);
  const classes = ['user-avatar', className].filter(Boolean).join(' ');
  const style = { width: size, height: size };

  if (user?.profileImage && !imageFailed) {
    return (
      <img
        className={classes}
        style={style}
        src={user.profileImage}
        alt=""
        width={size}
        height={size}
        onError={() => setImageFailed(true)}
      />
    );
  }
  // The initials stand in for a picture: hidden from screen readers, since the link or button that wraps the avatar
  // names itself (e.g. "Your account").
  return (
    <span
      className={`${classes} user-avatar--initials`}
      style={{ ...style, fontSize: Math.round(size * 0.38), background, color: inkFor(background) }}
      aria-hidden="true"
    >
      {avatarInitials(user?.fullName)}
    </span>
  );
}
