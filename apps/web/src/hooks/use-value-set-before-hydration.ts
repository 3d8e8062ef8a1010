/**
 * A server-rendered field keeps what the visitor typed or chose before the page's code was in: hydration leaves the
 * field's DOM value as it is, but the component's state still holds the rendered one. Once hydrated, a field whose
 * value differs from the rendered one hands it to `apply`, as if it had been typed just now. A field rendered in the
 * browser always matches, so this does nothing there.
 */
import { useEffect, useLayoutEffect, useRef, type RefObject } from 'react';

type Field = HTMLInputElement | HTMLSelectElement;

export function useValueSetBeforeHydration<T extends Field>(ref: RefObject<T | null>, apply: (field: T) => void, rendered: string | boolean) {
  const first = useRef({ apply, rendered });
  const found = useRef<string | boolean | null>(null);
  // Read before anything renders again (a later render sets the field back to the value it renders)...
  useLayoutEffect(() => {
    const field = ref.current;
    if (!field) return;
    const now = typeof first.current.rendered === 'boolean' && field instanceof HTMLInputElement ? field.checked : field.value;
    if (now !== first.current.rendered) found.current = now;
  }, [ref]);
  // ...and handed over once the app is fully mounted (the router listens from then on).
  useEffect(() => {
    const field = ref.current;
    const now = found.current;
    found.current = null;
    if (!field || now === null) return;
    if (typeof now === 'boolean' && field instanceof HTMLInputElement) field.checked = now;
    else field.value = String(now);
    first.current.apply(field);
  }, [ref]);
}
