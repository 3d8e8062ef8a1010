/**
 * Toasts for the code of the first screen (docs/product/screens-and-words.md#toasts). react-hot-toast is not part of
 * the first download: it loads with the toaster just after the first screen, and these calls wait for it.
 */
const hotToast = () => import('react-hot-toast').then((module) => module.default);

export const toast = Object.assign((message: string) => void hotToast().then((show) => show(message)), {
  success: (message: string) => void hotToast().then((show) => show.success(message)),
  error: (message: string) => void hotToast().then((show) => show.error(message)),
});
