/** The beat page's share and embed texts: the page's absolute address and the <iframe> other sites paste. */
import { beatPath, embedBeatPath } from '../../../config/paths';

export function beatPageUrl(slug: string, origin = window.location.origin): string {
  return new URL(beatPath(slug), origin).href;
}

const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The embed code: the beat's small player at /embed/beat/{slug}, a fixed height and the full width of its column. */
export function embedCode(beat: { slug: string; beatTitle: string; artistName: string }, origin = window.location.origin): string {
  const src = new URL(embedBeatPath(beat.slug), origin).href;
  const title = escapeAttribute(`${beat.beatTitle} by ${beat.artistName} on Beat Market`);
  return `<iframe src="${escapeAttribute(src)}" title="${title}" width="100%" height="160" style="border:0;border-radius:12px" loading="lazy" allow="autoplay"></iframe>`;
}
