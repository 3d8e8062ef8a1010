/**
 * The one script in the head of a drawn first screen (prerender-first-screens.mjs, docs/decisions/0019-first-screen.md#code-after-paint).
 * The drawing needs no script to show, so the app's code is asked for once its first text is on the screen. A page
 * opened in a background tab paints nothing until it is shown, so there the code is asked for at once.
 *
 * Its element names the entry (`data-entry`) and every module the page's first screen needs (`data-modules`): they
 * are asked for together, as the `modulepreload` links in the head would have (a few links per task), and the links
 * go once the entry is in.
 */
const script = document.querySelector<HTMLScriptElement>('script[data-entry]');
let started = false;

/**
 * Links added per task. Each one asks the browser for a file there and then, and twenty or thirty at once held a
 * phone's main thread for 25–50 ms (about 120 ms on Lighthouse's slowed-down phone) just after the first paint.
 */
const LINKS_PER_TASK = 6;

function start() {
  if (started || !script?.dataset.entry) return;
  started = true;
  const hrefs = (script.dataset.modules ?? '').split(' ').filter(Boolean);
  const links: HTMLLinkElement[] = [];
  let entryIn = false;
  const addLinks = () => {
    if (entryIn) return;
    const batch = hrefs.splice(0, LINKS_PER_TASK).map((href) => {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      return link;
    });
    links.push(...batch);
    document.head.append(...batch);
    if (hrefs.length > 0) setTimeout(addLinks, 0);
  };
  const removeLinks = () => {
    entryIn = true;
    for (const link of links) link.remove();
  };
  import(/* @vite-ignore */ script.dataset.entry).then(removeLinks, (error: unknown) => {
    removeLinks();
    throw error;
  });
  addLinks();
}

/**
 * Calls `then` once the page's first text is on the screen: the browser reports that paint (`first-contentful-paint`)
 * when the frame has been drawn, not when it was begun, and drawing a phone's first frame can take longer than the
 * main thread's part of it. Without paint timing, a frame and a task after it stand in; and should the paint never be
 * reported, the code is asked for a few seconds on all the same.
 */
function afterFirstPaint(then: () => void) {
  if (!PerformanceObserver.supportedEntryTypes?.includes('paint')) {
    requestAnimationFrame(() => setTimeout(then, 0));
    return;
  }
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    then();
  });
  observer.observe({ type: 'paint', buffered: true });
  setTimeout(then, 4000);
}

if (document.visibilityState === 'hidden') {
  start();
} else {
  afterFirstPaint(start);
  document.addEventListener('visibilitychange', start, { once: true });
}
