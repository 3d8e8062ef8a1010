/**
 * A decorative icon on a small rounded tile, leading a card or a panel.
 *
 *   <IconTile><Layers /></IconTile>   <IconTile size="sm" tone="accent"><Crown /></IconTile>
 *
 * - size: 'md' (40 px) or 'sm' (36 px).
 * - tone: 'sunken' (darker than a surface card, the default), 'raised' (lighter than an elevated card), 'accent'.
 */
import type { ReactNode } from 'react';
import './icon-tile.css';

export interface IconTileProps {
  size?: 'sm' | 'md';
  tone?: 'sunken' | 'raised' | 'accent';
  children: ReactNode;
}

export function IconTile({ size = 'md', tone = 'sunken', children }: IconTileProps) {
  return (
    <span className={['icon-tile', size === 'sm' && 'icon-tile--sm', tone !== 'sunken' && `icon-tile--${tone}`].filter(Boolean).join(' ')} aria-hidden="true">
      {children}
    </span>
  );
}
