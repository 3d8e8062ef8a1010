/**
 * The admin area's frame (spec §2 Admin): a sidebar with Dashboard, Beats Management, User Management and
 * Analytics beside the page; above it on narrow screens. Pages draw their own header with AdminPage.
 */
import { useId, type ReactNode } from 'react';
import { Link, Outlet, useLocation } from 'react-router';
import { ChartLine, Disc3, LayoutDashboard, ShieldCheck, Users } from 'lucide-react';
import { paths } from '../../../config/paths';
import { RequireAdmin } from './require-admin';
import './admin-layout.css';

const links = [
  { to: paths.adminDashboard, label: 'Dashboard', icon: <LayoutDashboard /> },
  { to: paths.adminBeats, label: 'Beats Management', icon: <Disc3 /> },
  { to: paths.adminUsers, label: 'User Management', icon: <Users /> },
  { to: paths.adminAnalytics, label: 'Analytics', icon: <ChartLine /> },
];

export function AdminLayout() {
  const { pathname } = useLocation();
  const current = pathname.replace(/(.)\/+$/, '$1');
  return (
    <RequireAdmin>
      <div className="admin-layout">
        <aside className="admin-layout__aside" aria-label="Admin">
          <p className="admin-layout__badge">
            <ShieldCheck aria-hidden="true" />
            Admin
          </p>
          <nav aria-label="Admin sections">
            <ul className="admin-layout__links">
              {links.map((link) => {
                const active = link.to === current;
                return (
                  <li key={link.to}>
                    <Link
                      to={link.to}
                      className={active ? 'admin-layout__link is-active' : 'admin-layout__link'}
                      aria-current={active ? 'page' : undefined}
                    >
                      <span className="admin-layout__icon" aria-hidden="true">
                        {link.icon}
                      </span>
                      {link.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
        </aside>
        <div className="admin-layout__page">
          <Outlet />
        </div>
      </div>
    </RequireAdmin>
  );
}

export interface AdminPageProps {
  title: string;
  lead?: ReactNode;
  /** The header buttons ('Add New Beats', 'Add New User'). */
  actions?: ReactNode;
  children: ReactNode;
}

/** One admin page: its <h1>, document title, header buttons and content. */
export function AdminPage({ title, lead, actions, children }: AdminPageProps) {
  const titleId = useId();
  return (
    <section className="admin-page" aria-labelledby={titleId}>
      <title>{`${title} · Admin · Beat Market`}</title>
      <header className="admin-page__header">
        <div>
          <h1 id={titleId} className="admin-page__title">
            {title}
          </h1>
          {lead && <p className="admin-page__lead">{lead}</p>}
        </div>
        {actions && <div className="admin-page__actions">{actions}</div>}
      </header>
      {children}
    </section>
  );
}
