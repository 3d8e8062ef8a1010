/** Four bouncing bars: the "this one is playing" mark of rows and cards. Decorative. */
import './equalizer.css';

export function Equalizer({ paused = false, className }: { paused?: boolean; className?: string }) {
  return (
    <span className={['equalizer', paused && 'equalizer--paused', className].filter(Boolean).join(' ')} aria-hidden="true">
      <span />
      <span />
      <span />
      <span />
    </span>
  );
}
