/** What an admin panel shows for the data it reads: the error with Try again, a spinner while it loads, then the content. */
import type { ReactNode } from 'react';
import { Spinner, type SpinnerProps } from '../../../components/ui/spinner';
import { LoadError } from './load-error';

export interface QueryContentProps<Data> {
  query: { isError: boolean; error: unknown; data: Data | undefined; refetch: () => unknown };
  /** "The tiers could not be loaded" — the error's own message follows it. */
  errorLead: string;
  loadingLabel: string;
  /** A spinner the size of a page section sits in its own box (`admin-state`, `admin-loading`). */
  loadingSize?: SpinnerProps['size'];
  loadingClassName?: string;
  children: (data: Data) => ReactNode;
}

export function QueryContent<Data>({ query, errorLead, loadingLabel, loadingSize, loadingClassName, children }: QueryContentProps<Data>) {
  if (query.isError) return <LoadError query={query} lead={errorLead} />;
  if (query.data === undefined) {
    const spinner = <Spinner size={loadingSize} label={loadingLabel} />;
    return loadingClassName ? <div className={loadingClassName}>{spinner}</div> : spinner;
  }
  return children(query.data);
}
