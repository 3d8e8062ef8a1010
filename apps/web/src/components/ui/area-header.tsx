/** The header of an account or admin page: its <h1> (labelling the page by `titleId`), a lead under it and the page's buttons. */
import type { ReactNode } from 'react';
import './area-layout.css';

export interface AreaHeaderProps {
  titleId: string;
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}

export function AreaHeader({ titleId, title, lead, actions }: AreaHeaderProps) {
  return (
    <header className="area-header">
      <div>
        <h1 id={titleId} className="area-header__title">
          {title}
        </h1>
        {lead && <p className="area-header__lead">{lead}</p>}
      </div>
      {actions && <div className="area-header__actions">{actions}</div>}
    </header>
  );
}
