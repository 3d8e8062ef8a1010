/**
 * Toasts (docs/product/screens-and-words.md#toasts). react-hot-toast is not part of the first download: its code and
 * the toaster that shows its messages load with the first toast, the first tap or key, or the first move to another
 * page, whichever comes first; a message asked for before then waits in its store and shows once the toaster is in.
 */
import { useSyncExternalStore } from 'react';

const hotToast = () => import('react-hot-toast').then((module) => module.default);

let wanted = false;
const listeners = new Set<() => void>();

/** Mounts the toaster from now on (app/providers.tsx). */
export function wantToaster(): void {
  if (wanted) return;
  wanted = true;
  for (const listener of listeners) listener();
}

export function useToasterWanted(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => wanted,
    () => false,
  );
}

const show = (call: (hot: Awaited<ReturnType<typeof hotToast>>) => void) => {
  wantToaster();
  void hotToast().then(call);
};

export const toast = Object.assign((message: string) => show((hot) => hot(message)), {
  success: (message: string) => show((hot) => hot.success(message)),
  error: (message: string) => show((hot) => hot.error(message)),
});
