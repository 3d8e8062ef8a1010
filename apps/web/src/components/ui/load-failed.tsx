/** What a list or page says when its data could not be loaded: what failed, the reason, and Try again. */
import type { ReactNode } from 'react';
import { errorMessage } from '../../lib/api-client';
import { Button } from './button';

export interface LoadFailedProps {
  /** "Your cart could not be loaded." */
  title: ReactNode;
  query: { error: unknown; refetch: () => unknown };
}

export function LoadFailed({ title, query }: LoadFailedProps) {
  return (
    <div className="cat-state" role="alert">
      <p className="cat-state__title">{title}</p>
      <p>{errorMessage(query.error)}</p>
      <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
        Try again
      </Button>
    </div>
  );
}
