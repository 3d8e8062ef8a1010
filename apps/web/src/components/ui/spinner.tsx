/** A small rotating ring. Decorative unless given a `label`, in which case it is announced as a status. */
import './spinner.css';

export interface SpinnerProps {
  /** Spoken text, e.g. "Loading beats". Without it the spinner is hidden from assistive tech. */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

export function Spinner({ label, size = 'md', className }: SpinnerProps) {
  const classes = ['spinner', `spinner--${size}`, className].filter(Boolean).join(' ');
  if (!label) return <span className={classes} aria-hidden="true" />;
  return (
    <span role="status" className="spinner-wrap">
      <span className={classes} aria-hidden="true" />
      <span className="visually-hidden">{label}</span>
    </span>
  );
}
