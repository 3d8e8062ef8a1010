/**
 * The VIP CATALOG list where it sits below the first screen (`/`): its heading is drawn at once, while its code, its
 * request and its rows come once the page has loaded and the browser is idle — or earlier, with the first scroll or
 * when the list shows — so they never hold up the first screen (docs/decisions/0019-first-screen.md). A search or a
 * filter shows the list at once: it is the answer then.
 */
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { countActive } from '../lib/catalog-filters';
import type { VipCatalogSectionProps } from './vip-catalog-section';
import './section.css';

const VipCatalogSection = lazy(() => import('./vip-catalog-section').then((module) => ({ default: module.VipCatalogSection })));

export function VipCatalogSectionWhenNear(section: VipCatalogSectionProps) {
  const showNow =
    section.q !== '' || (section.filters !== undefined && (countActive(section.filters) > 0 || section.filters.sort !== 'newest'));
  const [near, setNear] = useState(false);
  // Once shown it stays: clearing the search or the filters must not take the list away again.
  if (showNow && !near) setNear(true);
  const placeholderRef = useRef<HTMLElement>(null);
  const show = near || showNow;

  useEffect(() => {
    const node = placeholderRef.current;
    if (show || !node) return;
    const come = () => setNear(true);
    const observer = new IntersectionObserver((entries) => {
      if (entries.some((entry) => entry.isIntersecting)) come();
    });
    observer.observe(node);
    window.addEventListener('scroll', come, { once: true, passive: true });
    // After the page's load, when the browser has nothing else to do.
    let idle: number | undefined;
    const whenIdle = () => {
      idle = requestIdleCallback(come, { timeout: 2000 });
    };
    if (document.readyState === 'complete') whenIdle();
    else window.addEventListener('load', whenIdle, { once: true });
    return () => {
      observer.disconnect();
      window.removeEventListener('scroll', come);
      window.removeEventListener('load', whenIdle);
      if (idle !== undefined) cancelIdleCallback(idle);
    };
  }, [show]);

  const placeholder = (
    <section ref={placeholderRef} className="cat-section cat-section--pending" aria-labelledby={section.id}>
      <div className="cat-section__head">
        <div className="cat-section__titles">
          <h2 id={section.id} className="cat-section__title">
            {section.title}
          </h2>
          {section.subtitle && <p className="cat-section__sub">{section.subtitle}</p>}
        </div>
      </div>
    </section>
  );
  if (!show) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      {/* Come on its own (idle, near), the list builds its rows in steps; asked for (a search), at once. */}
      <VipCatalogSection {...section} buildInSteps={!showNow} />
    </Suspense>
  );
}
