/**
 * A store page's Markdown as safe HTML (docs/decisions/0026-store-pages-and-intro-video.md#markdown-rendering-safety):
 * micromark's defaults write raw HTML in the text as escaped text, never as markup; then every link keeps its
 * address only when it is http(s), mailto or on this site, and images only when they are on this site.
 */
import { micromark } from 'micromark';

const SAFE_LINK = /^(https?:\/\/|mailto:|\/(?!\/)|#|\?)/i;
const SAME_SITE = /^\/(?!\/)/;

/** True for the addresses a page's link may keep. */
export function isSafeLink(href: string): boolean {
  return SAFE_LINK.test(href.trim());
}

export function renderMarkdown(markdown: string): string {
  const html = micromark(markdown);
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  for (const link of Array.from(doc.body.querySelectorAll('a'))) {
    const href = link.getAttribute('href') ?? '';
    if (!isSafeLink(href)) {
      link.replaceWith(...Array.from(link.childNodes));
      continue;
    }
    if (/^https?:/i.test(href)) link.setAttribute('rel', 'noopener noreferrer nofollow');
  }
  for (const image of Array.from(doc.body.querySelectorAll('img'))) {
    if (!SAME_SITE.test(image.getAttribute('src') ?? '')) image.replaceWith(doc.createTextNode(image.getAttribute('alt') ?? ''));
    else image.setAttribute('loading', 'lazy');
  }
  return doc.body.innerHTML;
}
