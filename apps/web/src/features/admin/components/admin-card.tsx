/** A settings card of the admin area: its title, the line under it, then its content. */
import { useId, type ReactNode } from 'react';

export interface AdminCardProps {
  title: ReactNode;
  lead: ReactNode;
  /** More classes on the card, for its place in a grid. */
  className?: string;
  /** The heading's id, when the content also points at it (a form labelled by the card's title). */
  headingId?: string;
  children: ReactNode;
}

export function AdminCard({ title, lead, className, headingId, children }: AdminCardProps) {
  const ownId = useId();
  const id = headingId ?? ownId;
  return (
    <section className={className ? `admin-card ${className}` : 'admin-card'} aria-labelledby={id}>
      <div>
        <h2 id={id} className="admin-card__title">
          {title}
        </h2>
        <p className="admin-card__lead">{lead}</p>
      </div>
      {children}
    </section>
  );
}
