/** The side menu's footer: links to the store's pages (docs/product/store-pages.md). Zod-free and Markdown-free: it is on every screen. */
import { Link } from 'react-router';
import { storePagePath, storePageSlugs, storePageTitles } from '@beat/shared/messages';
import './store-pages-nav.css';

export function StorePagesNav({ current, onNavigate }: { current: string; onNavigate?: () => void }) {
  return (
    <nav aria-label="Store pages" className="store-pages-nav">
      <ul>
        {storePageSlugs.map((slug) => {
          const to = storePagePath(slug);
          return (
            <li key={slug}>
              <Link to={to} aria-current={current === to ? 'page' : undefined} onClick={onNavigate}>
                {storePageTitles[slug]}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
