/** One link of a sidebar menu: icon and label, marked as the current page when active. Each menu styles it further by its own class block. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LogOut } from 'lucide-react';
import './nav-item.css';

export interface NavItemProps {
  to: string;
  label: string;
  icon: ReactNode;
  active: boolean;
  /** The menu's BEM block: the link gets `<block>__link`, the icon `<block>__icon`. */
  block: string;
  onClick?: () => void;
}

export function NavItem({ to, label, icon, active, block, onClick }: NavItemProps) {
  return (
    <li>
      <Link
        to={to}
        onClick={onClick}
        className={active ? `nav-item ${block}__link is-active` : `nav-item ${block}__link`}
        aria-current={active ? 'page' : undefined}
      >
        <span className={`${block}__icon`} aria-hidden="true">
          {icon}
        </span>
        {label}
      </Link>
    </li>
  );
}

/** A menu's Logout button, looking like its links; busy while the logout runs. */
export function LogoutButton({ block, busy, onClick }: { block: string; busy: boolean; onClick: () => void }) {
  return (
    <button type="button" className={`nav-item ${block}__link ${block}__logout`} onClick={onClick} disabled={busy} aria-busy={busy || undefined}>
      <span className={`${block}__icon`} aria-hidden="true">
        <LogOut />
      </span>
      Logout
    </button>
  );
}
