/** The muted hint and the error under a form field, with the ids its control's aria-describedby points at. */
import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import './field.css';

export interface FieldMessagesProps {
  hint?: ReactNode;
  hintId?: string;
  error?: string | null;
  errorId?: string;
  /** `alert` where the error comes from a submit rather than from a field's own check, so a screen reader says it at once. */
  errorRole?: 'alert';
}

export function FieldMessages({ hint, hintId, error, errorId, errorRole }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error" role={errorRole}>
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      )}
    </>
  );
}
