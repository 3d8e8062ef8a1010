/** What an admin card shows when its data could not be loaded: the reason, and Try again. */
import { Button } from '../../../components/ui/button';
import { errorMessage } from '../../../lib/api-client';
import './admin-table.css';

export interface LoadErrorProps {
  query: { error: unknown; refetch: () => unknown };
  /** "The users could not be loaded" — the error's own message follows it. */
  lead: string;
}

export function LoadError({ query, lead }: LoadErrorProps) {
  return (
    <div className="admin-state" role="alert">
      <p>
        {lead}: {errorMessage(query.error)}
      </p>
      <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
