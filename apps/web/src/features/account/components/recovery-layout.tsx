/**
 * The frame of the password-recovery pages: the AuthLayout with the recovery showcase beside the form. Every
 * recovery page renders it, so it also brings those pages' styles (recovery.css).
 */
import { AuthLayout, type AuthLayoutProps } from '../../auth';
import './recovery.css';

const recoveryHighlights = [
  'A 5-character code, valid for 10 minutes',
  'Your favourites and purchases stay safe',
  'Every other device is signed out after the change',
];

export function RecoveryLayout(props: Omit<AuthLayoutProps, 'highlights' | 'showcaseTitle'>) {
  return (
    <AuthLayout
      {...props}
      showcaseTitle={
        <>
          Back in the <em>studio</em> in a minute.
        </>
      }
      highlights={recoveryHighlights}
    />
  );
}
