/**
 * The one script in the head of a drawn first screen (prerender-first-screens.mjs, docs/decisions/0019-first-screen.md#code-after-paint).
 * The drawing needs no script to show, so the app's code is asked for once it is painted: the first frame's callback
 * runs just before that frame is drawn, the task it queues just after. A page opened in a background tab paints
 * nothing until it is shown, so there the code is asked for at once.
 *
 * Its element names the entry (`data-entry`) and every module the page's first screen needs (`data-modules`): they
 * are asked for together, as the `modulepreload` links in the head would have, and the links go once the entry is in.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

function start() {
  if (started || !script?.dataset.entry) return;
  started = true;
  const links = (script.dataset.modules ?? '')
    .split(' ')
    .filter(Boolean)
    .map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    });
  document.head.append(...links);
  const removeLinks = () => {
    for (const link of links) link.remove();
  };
  import(/* @vite-ignore */ script.dataset.entry).then(removeLinks, (error: unknown) => {
    removeLinks();
    throw error;
  });
}

if (document.visibilityState === 'hidden') {
  start();
} else {
  requestAnimationFrame(() => setTimeout(start, 0));
  document.addEventListener('visibilitychange', start, { once: true });
}
