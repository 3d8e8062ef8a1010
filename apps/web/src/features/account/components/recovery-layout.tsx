/**
 * The showcase side of the password-recovery pages (the AuthLayout's panel). Every recovery page renders it,
 * so it also brings those pages' styles (recovery.css).
 */
import './recovery.css';

export const recoveryHighlights = [
  'A 5-character code, valid for 10 minutes',
  'Your favourites and purchases stay safe',
  'Every other device is signed out after the change',
];

export function RecoveryShowcaseTitle() {
  return (
    <>
      Back in the <em>studio</em> in a minute.
    </>
  );
}
