/** A form's refusal (the server's message, read out at once) and its "saved" note, under its fields. */
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import './form-outcome.css';

export function FormOutcome({ failure, saved }: { failure: string | null; saved: string | null }) {
  return (
    <>
      <FormFailure failure={failure} />
      <SavedNote saved={saved} />
    </>
  );
}

/** A form's "saved" note, read out politely; an empty live region while there is none. */
export function SavedNote({ saved }: { saved: string | null }) {
  return (
    <p className="form-saved" role="status">
      {saved && (
        <>
          <CheckCircle2 aria-hidden="true" />
          {saved}
        </>
      )}
    </p>
  );
}

/** A form's refusal: the server's message (or the form's own), read out at once; nothing while there is none. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <p className="form-failure" role="alert">
      <AlertCircle aria-hidden="true" />
      {failure}
    </p>
  ) : null;
}
