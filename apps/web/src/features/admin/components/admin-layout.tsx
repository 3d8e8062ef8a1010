/**
 * The admin area's frame (docs/product/screens-and-words.md#admin-screens): a sidebar with Dashboard, Beats Management, User Management,
 * Analytics, Store Settings, Licenses, Deals, Leads and Offers beside the page; above it on narrow screens. Pages render their own header with AdminPage.
 */
import { useId, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { BadgePercent, ChartLine, Disc3, HandCoins, LayoutDashboard, Mail, ScrollText, ShieldCheck, SlidersHorizontal, Users } from 'lucide-react';
import { NavItem } from '../../../components/ui/nav-item';
import { AreaHeader } from '../../../components/ui/area-header';
import { paths } from '../../../config/paths';
import { useCurrentPath } from '../../../hooks/use-current-path';
import { RequireAdmin } from './require-admin';
import '../../../components/ui/area-layout.css';
import './admin-layout.css';

const links = [
  { to: paths.adminDashboard, label: 'Dashboard', icon: <LayoutDashboard /> },
  { to: paths.adminBeats, label: 'Beats Management', icon: <Disc3 /> },
  { to: paths.adminUsers, label: 'User Management', icon: <Users /> },
  { to: paths.adminAnalytics, label: 'Analytics', icon: <ChartLine /> },
  { to: paths.adminStoreSettings, label: 'Store Settings', icon: <SlidersHorizontal /> },
  { to: paths.adminLicenses, label: 'Licenses', icon: <ScrollText /> },
  { to: paths.adminDeals, label: 'Deals', icon: <BadgePercent /> },
  { to: paths.adminLeads, label: 'Leads', icon: <Mail /> },
  { to: paths.adminOffers, label: 'Offers', icon: <HandCoins /> },
];

export function AdminLayout() {
  const current = useCurrentPath();
  return (
    <RequireAdmin>
      <div className="area-layout admin-layout">
        <aside className="area-layout__aside admin-layout__aside" aria-label="Admin">
          <p className="admin-layout__badge">
            <ShieldCheck aria-hidden="true" />
            Admin
          </p>
          <nav aria-label="Admin sections">
            <ul className="area-nav__list">
              {links.map((link) => (
                <NavItem key={link.to} {...link} active={link.to === current} block="area-nav" />
              ))}
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
      <AreaHeader titleId={titleId} title={title} lead={lead} actions={actions} />
      {children}
    </section>
  );
}
