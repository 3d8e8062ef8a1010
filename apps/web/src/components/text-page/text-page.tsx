/**
 * The frame of a page of text (a store page, a license's terms): the document title, an eyebrow, the heading and a
 * line about the version or date, then the text — or, while it loads or when it cannot, a spinner or the error with
 * Try again.
 */
import type { ReactNode } from 'react';
import { Button } from '../ui/button';
import { Spinner } from '../ui/spinner';
import './text-page.css';

export interface TextPageProps {
  /** The browser tab's title, without the store's name. */
  documentTitle: string;
  eyebrow: string;
  title: string;
  meta?: ReactNode;
  /** What loads: `error` shows with Try again; while neither it nor the text is there, a spinner says `loading`. */
  state: { error: string | null; loading: string | null; retry: () => void };
  children?: ReactNode;
  /** Shown below the text whatever its state (links onward). */
  footer?: ReactNode;
}

export function TextPage({ documentTitle, eyebrow, title, meta, state, children, footer }: TextPageProps) {
  return (
    <article className="text-page" aria-labelledby="text-page-title">
      <title>{`${documentTitle} · Beat Market`}</title>
      <header className="text-page__header">
        <p className="eyebrow text-page__eyebrow">{eyebrow}</p>
        <h1 id="text-page-title" className="text-page__title">
          {title}
        </h1>
        {meta && <p className="text-page__meta">{meta}</p>}
      </header>
      {state.error !== null ? (
        <div className="text-page__state" role="alert">
          <p>{state.error}</p>
          <Button size="sm" variant="secondary" onClick={state.retry}>
            Try again
          </Button>
        </div>
      ) : state.loading !== null ? (
        <div className="text-page__state">
          <Spinner label={state.loading} />
        </div>
      ) : (
        children
      )}
      {footer}
    </article>
  );
}
