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

/** An attribute value as micromark wrote it, read back as the address it stands for. */
function decodeAttribute(value: string): string {
  return value.replace(/&(amp|quot|lt|gt|#39);/g, (_, name: string) => ({ amp: '&', quot: '"', lt: '<', gt: '>', '#39': "'" })[name] ?? '');
}

/**
 * Works on micromark's own output, whose links and images have one fixed form (`<a href="…" title="…">`,
 * `<img src="…" alt="…" title="…" />`), so it runs the same on the server and in the browser.
 */
export function renderMarkdown(markdown: string): string {
  return micromark(markdown)
    .replace(/<a href="([^"]*)"((?: title="[^"]*")?)>([\s\S]*?)<\/a>/g, (link: string, href: string, title: string, text: string) => {
      const address = decodeAttribute(href);
      if (!isSafeLink(address)) return text;
      return /^https?:/i.test(address) ? `<a href="${href}"${title} rel="noopener noreferrer nofollow">${text}</a>` : link;
    })
    .replace(/<img src="([^"]*)" alt="([^"]*)"((?: title="[^"]*")?) \/>/g, (_image: string, src: string, alt: string, title: string) =>
      SAME_SITE.test(decodeAttribute(src)) ? `<img src="${src}" alt="${alt}"${title} loading="lazy" />` : alt,
    );
}
