/**
 * An accessible modal dialog.
 *
 *   <Modal open={open} onClose={() => setOpen(false)} title="Download" description="Pick a format" size="md"
 *          footer={<Button onClick={...}>Done</Button>}>
 *     ...content...
 *   </Modal>
 *
 * - Controlled: render it with `open` and close it from `onClose`, which is called on Escape, on the close (X)
 *   button and on a click on the backdrop (unless `dismissible={false}`, e.g. while a payment call runs).
 * - role="dialog" + aria-modal, labelled by `title` (always required; `hideTitle` keeps it for screen readers
 *   only) and described by `description` when given.
 * - Focus moves into the dialog (to the first element marked `data-autofocus`, else the dialog itself), Tab is
 *   kept inside, and focus returns to the element that had it when the dialog closes. The page behind is made
 *   inert and stops scrolling. Nested modals work: only the top one reacts to keys.
 * - size: 'sm' (400px) | 'md' (560px, default) | 'lg' (820px). On phones it becomes a bottom sheet.
 * Children render only while open, so form state inside resets on each opening.
 */
import { useEffect, useEffectEvent, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { X } from 'lucide-react';
import './modal.css';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  hideTitle?: boolean;
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** Right-aligned action row under the content. */
  footer?: ReactNode;
  /** When false, Escape, the backdrop and the X do nothing (the X is hidden). Default true. */
  dismissible?: boolean;
  className?: string;
  children?: ReactNode;
}

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, audio[controls], video[controls], [contenteditable="true"], [tabindex]:not([tabindex="-1"])';

/** Open dialogs, innermost last: only the top one handles Escape/Tab, and the page is inert while any is open. */
const stack: HTMLElement[] = [];

function setBackgroundInert(inert: boolean) {
  const root = document.getElementById('root');
  if (!root) return;
  root.inert = inert;
  document.body.classList.toggle('modal-open', inert);
}

export function Modal({
  open,
  onClose,
  title,
  hideTitle = false,
  description,
  size = 'md',
  footer,
  dismissible = true,
  className,
  children,
}: ModalProps) {
  if (!open) return null;
  return (
    <ModalPanel
      onClose={onClose}
      title={title}
      hideTitle={hideTitle}
      description={description}
      size={size}
      footer={footer}
      dismissible={dismissible}
      className={className}
    >
      {children}
    </ModalPanel>
  );
}

function ModalPanel({
  onClose,
  title,
  hideTitle,
  description,
  size,
  footer,
  dismissible,
  className,
  children,
}: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  // The key listener is attached once per opening, yet must see the latest onClose/dismissible.
  const requestClose = useEffectEvent(() => {
    if (dismissible) onClose();
  });

  useEffect(() => {
    const panel = panelRef.current;
    if (!panel) return;
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;

    stack.push(panel);
    setBackgroundInert(true);
    const initial = panel.querySelector<HTMLElement>('[data-autofocus]') ?? panel;
    initial.focus();

    function onKeyDown(event: KeyboardEvent) {
      if (stack[stack.length - 1] !== panel || !panel) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        requestClose();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = Array.from(panel.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const first = items[0];
      const last = items[items.length - 1];
      if (!first || !last) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel || !panel.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !panel.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    }
    document.addEventListener('keydown', onKeyDown, true);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      const index = stack.lastIndexOf(panel);
      if (index >= 0) stack.splice(index, 1);
      if (stack.length === 0) setBackgroundInert(false);
      if (previouslyFocused?.isConnected) previouslyFocused.focus();
    };
  }, []);

  return createPortal(
    <div
      className="modal-overlay"
      onMouseDown={(event) => {
        // Only a press that starts on the backdrop closes: a text selection dragged out of the panel must not.
        if (event.target === event.currentTarget && dismissible) onClose();
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={['modal', `modal--${size}`, className].filter(Boolean).join(' ')}
      >
        <div className={hideTitle ? 'modal__head modal__head--bare' : 'modal__head'}>
          <h2 id={titleId} className={hideTitle ? 'visually-hidden' : 'modal__title'}>
            {title}
          </h2>
          {dismissible && (
            <button type="button" className="modal__close" aria-label="Close" title="Close" onClick={onClose}>
              <X aria-hidden="true" />
            </button>
          )}
        </div>
        {description && (
          <p id={descriptionId} className="modal__description">
            {description}
          </p>
        )}
        <div className="modal__body">{children}</div>
        {footer && <div className="modal__footer">{footer}</div>}
      </div>
    </div>,
    document.body,
  );
}
