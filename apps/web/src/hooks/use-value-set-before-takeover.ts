/**
 * A drawn first screen's field keeps what the visitor typed or chose before the app took it over (hydration leaves
 * the field's value as it is: docs/decisions/0019-first-screen.md). Once mounted, a field whose value differs from the
 * rendered one hands it to `apply`, as if it had been typed after the takeover. A field the app drew itself always
 * matches, so this does nothing there.
 */
import { useEffect, useRef, type RefObject } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;

export function useValueSetBeforeTakeover<T extends Field>(ref: RefObject<T | null>, apply: (field: T) => void, rendered: string | boolean) {
  const first = useRef({ apply, rendered });
  useEffect(() => {
    const field = ref.current;
    if (!field) return;
    const { apply: applyFirst, rendered: renderedFirst } = first.current;
    const now = typeof renderedFirst === 'boolean' && field instanceof HTMLInputElement ? field.checked : field.value;
    if (now !== renderedFirst) applyFirst(field);
  }, [ref]);
}
