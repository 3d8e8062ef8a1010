/** A form's refusal (the server's message, read out at once) and its "saved" note, under its fields. */
import { AlertCircle, CheckCircle2 } from 'lucide-react';
import './deals.css';

export function FormOutcome({ failure, saved }: { failure: string | null; saved: string | null }) {
  return (
    <>
      <FormFailure failure={failure} />
      <p className="deals-saved" role="status">
        {saved && (
          <>
            <CheckCircle2 aria-hidden="true" />
            {saved}
          </>
        )}
      </p>
    </>
  );
}

/** A form's refusal: the server's message (or the form's own), read out at once; nothing while there is none. */
export function FormFailure({ failure }: { failure: string | null }) {
  return failure ? (
    <p className="deals-failure" role="alert">
      <AlertCircle aria-hidden="true" />
      {failure}
    </p>
  ) : null;
}
