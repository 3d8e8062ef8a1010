/**
 * One filter of the bar as a disclosure: a button that opens its panel under it. Escape closes it and gives the
 * keyboard back to the button; a press outside or moving the keyboard out of it closes it too.
 */
import { Suspense, useEffect, useId, useRef, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';

export interface FilterPopoverProps {
  label: string;
  /** What is chosen, shown on the button ("2", "130–150"); absent when nothing is. */
  badge?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The panel's width class: 'md', or 'lg' (the 24 keys). */
  size?: 'md' | 'lg';
  children: ReactNode;
}

export function FilterPopover({ label, badge, open, onOpenChange, size = 'md', children }: FilterPopoverProps) {
  const panelId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!open) return;
    function onPointerDown(event: PointerEvent) {
      if (!rootRef.current?.contains(event.target as Node)) onOpenChange(false);
    }
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, onOpenChange]);

  // Closed from inside (its Done button): the keyboard goes back to the button rather than to the page's start.
  const wasOpen = useRef(open);
  useEffect(() => {
    if (wasOpen.current && !open && (document.activeElement === document.body || rootRef.current?.contains(document.activeElement))) {
      buttonRef.current?.focus();
    }
    wasOpen.current = open;
  }, [open]);

  return (
    <div
      ref={rootRef}
      className="fpop"
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          event.stopPropagation();
          onOpenChange(false);
          buttonRef.current?.focus();
        }
      }}
      onBlur={(event) => {
        const next = event.relatedTarget as Node | null;
        if (open && next && !rootRef.current?.contains(next)) onOpenChange(false);
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={['fpop__button', badge && 'fpop__button--on'].filter(Boolean).join(' ')}
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => onOpenChange(!open)}
      >
        {label}
        {badge && (
          <span className="fpop__badge">
            <span className="visually-hidden">: </span>
            {badge}
          </span>
        )}
        <ChevronDown className="fpop__chevron" aria-hidden="true" />
      </button>
      {open && (
        <div id={panelId} className={`fpop__panel fpop__panel--${size}`}>
          {/* Its contents' code comes when the panel is about to open (filter-bar.tsx); at worst a moment after it does. */}
          <Suspense fallback={null}>{children}</Suspense>
        </div>
      )}
    </div>
  );
}
