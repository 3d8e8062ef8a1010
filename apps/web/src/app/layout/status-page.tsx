/** The shared look of the pages that are not a feature yet: coming soon, placeholders, 404 and errors. */
import type { ReactNode } from 'react';
import './status-page.css';

export interface StatusPageProps {
  /** Large decorative icon or figure above the heading. */
  art: ReactNode;
  /** Render `art` as is (e.g. a big "404"), without the icon tile. */
  bareArt?: boolean;
  eyebrow?: ReactNode;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  /** Outside the app shell (the root error page) the page fills the window itself. */
  standalone?: boolean;
}

export function StatusPage({ art, bareArt = false, eyebrow, title, children, actions, standalone = false }: StatusPageProps) {
  return (
    <section className={standalone ? 'status-page status-page--standalone' : 'status-page'}>
      <div className="status-page__inner">
        <div className={bareArt ? 'status-page__art status-page__art--bare' : 'status-page__art'} aria-hidden="true">
          {art}
        </div>
        {eyebrow && <p className="status-page__eyebrow">{eyebrow}</p>}
        <h1 className="status-page__title">{title}</h1>
        {children && <div className="status-page__text">{children}</div>}
        {actions && <div className="status-page__actions">{actions}</div>}
      </div>
    </section>
  );
}
