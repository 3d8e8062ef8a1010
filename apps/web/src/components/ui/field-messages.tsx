/** The muted hint and the error under a form field, with the ids its control's aria-describedby points at. */
import type { ReactNode } from 'react';
import { AlertCircle } from 'lucide-react';
import './field.css';

export interface FieldMessagesProps {
  hint?: ReactNode;
  hintId?: string;
  error?: string;
  errorId?: string;
}

export function FieldMessages({ hint, hintId, error, errorId }: FieldMessagesProps) {
  return (
    <>
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="field__error">
          <AlertCircle aria-hidden="true" />
          {error}
        </p>
      )}
    </>
  );
}
