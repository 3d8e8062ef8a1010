/**
 * The one look of every e-mail the product sends: a plain-text body and a matching HTML body, both naming
 * Beat Market. Callers describe the content; this file escapes it and lays it out (inline styles, one table,
 * so mail clients that ignore <style> still show it right).
 */
import type { Config } from '../../config/env.js';

export const productName = 'Beat Market';

export interface EmailContent {
  /** Subject line; " · Beat Market" is NOT added, name the product yourself if you want it there. */
  subject: string;
  /** The short title at the top of the HTML body and the first line of the text body. */
  heading: string;
  /** "Hi Ada," — optional. */
  greeting?: string;
  /** Paragraphs of plain text (escaped; no HTML). */
  paragraphs: string[];
  /**
   * A short value shown large and spaced out (a one-time code, a temporary password). It is a secret: the outbox keeps
   * it only sealed (docs/security.md#secrets-in-e-mail).
   */
  code?: { label: string; value: string };
  /** Label/value lines (a receipt); `total` is drawn bold under a rule. */
  table?: { rows: Array<[label: string, value: string]>; total?: [label: string, value: string] };
  /** A button to an absolute URL (see productUrl). */
  action?: { label: string; url: string };
  /** Small print after the body, e.g. "If you did not ask for this, you can ignore this e-mail." */
  footnote?: string;
  /** An unsubscribe link that works without logging in (mailing-list e-mails: docs/product/free-downloads.md). */
  unsubscribeUrl?: string;
}

export interface RenderedEmail {
  subject: string;
  text: string;
  html: string;
  /** The values the outbox must not keep readable (MailMessage.secrets): the code, when there is one. */
  secrets: string[];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!);
}

/** An absolute link into the product for e-mails: PUBLIC_URL when set, else the address the server listens on. */
export function productUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port'>, path: string): string {
  const base = config.publicUrl ?? `http://${config.host === '0.0.0.0' ? '127.0.0.1' : config.host}:${config.port}`;
  return new URL(path, base.endsWith('/') ? base : `${base}/`).toString();
}

function renderText(c: EmailContent): string {
  const lines: string[] = [`${productName} — ${c.heading}`, ''];
  if (c.greeting) lines.push(c.greeting, '');
  for (const p of c.paragraphs) lines.push(p, '');
  if (c.code) lines.push(`${c.code.label}: ${c.code.value}`, '');
  if (c.table) {
    for (const [label, value] of c.table.rows) lines.push(`${label}: ${value}`);
    if (c.table.total) lines.push('—', `${c.table.total[0]}: ${c.table.total[1]}`);
    lines.push('');
  }
  if (c.action) lines.push(`${c.action.label}: ${c.action.url}`, '');
  if (c.footnote) lines.push(c.footnote, '');
  lines.push(`— The ${productName} team`);
  if (c.unsubscribeUrl) lines.push('', `Unsubscribe from every ${productName} e-mail: ${c.unsubscribeUrl}`);
  return lines.join('\n');
}

const ink = '#1b1b26';
const muted = '#55556a';
const accent = '#f5c518';

function renderHtml(c: EmailContent): string {
  const e = escapeHtml;
  const parts: string[] = [];
  if (c.greeting) parts.push(`<p style="margin:0 0 16px">${e(c.greeting)}</p>`);
  for (const p of c.paragraphs) parts.push(`<p style="margin:0 0 16px">${e(p)}</p>`);
  if (c.code) {
    parts.push(
      `<p style="margin:8px 0 4px;color:${muted};font-size:13px;text-transform:uppercase;letter-spacing:1px">${e(c.code.label)}</p>` +
        `<p style="margin:0 0 20px;font-family:'Courier New',monospace;font-size:32px;font-weight:700;letter-spacing:10px">${e(c.code.value)}</p>`,
    );
  }
  if (c.table) {
    const rows = c.table.rows
      .map(
        ([label, value]) =>
          `<tr><td style="padding:6px 0;color:${muted}">${e(label)}</td><td style="padding:6px 0;text-align:right">${e(value)}</td></tr>`,
      )
      .join('');
    const total = c.table.total
      ? `<tr><td style="padding:10px 0 0;border-top:1px solid #ddd;font-weight:700">${e(c.table.total[0])}</td>` +
        `<td style="padding:10px 0 0;border-top:1px solid #ddd;text-align:right;font-weight:700">${e(c.table.total[1])}</td></tr>`
      : '';
    parts.push(`<table role="presentation" width="100%" style="border-collapse:collapse;margin:0 0 20px">${rows}${total}</table>`);
  }
  if (c.action) {
    parts.push(
      `<p style="margin:8px 0 20px"><a href="${e(c.action.url)}" style="display:inline-block;padding:12px 22px;border-radius:10px;` +
        `background:${accent};color:#141006;font-weight:700;text-decoration:none">${e(c.action.label)}</a></p>`,
    );
  }
  if (c.footnote) parts.push(`<p style="margin:0;color:${muted};font-size:13px">${e(c.footnote)}</p>`);

  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(c.subject)}</title></head>
<body style="margin:0;padding:0;background:#f1f1f5">
<table role="presentation" width="100%" style="border-collapse:collapse;background:#f1f1f5"><tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" style="max-width:560px;border-collapse:collapse;background:#ffffff;border-radius:14px;overflow:hidden;font-family:Arial,Helvetica,sans-serif;font-size:15px;line-height:1.5;color:${ink}">
<tr><td style="padding:18px 28px;background:#0b0b10;color:#f4f4f7;font-size:18px;font-weight:700"><span style="color:${accent}">&#9679;</span> ${productName}</td></tr>
<tr><td style="padding:28px">
<h1 style="margin:0 0 18px;font-size:22px;line-height:1.25">${e(c.heading)}</h1>
${parts.join('\n')}
</td></tr>
<tr><td style="padding:16px 28px;background:#f7f7fa;color:${muted};font-size:12px">The ${productName} team${
    c.unsubscribeUrl ? ` · <a href="${e(c.unsubscribeUrl)}" style="color:${muted}">Unsubscribe from every ${productName} e-mail</a>` : ''
  }</td></tr>
</table>
</td></tr></table>
</body></html>`;
}

/** Subject, text and HTML for deps.mailer.send({ to, ...renderEmail(content) }). */
export function renderEmail(content: EmailContent): RenderedEmail {
  return { subject: content.subject, text: renderText(content), html: renderHtml(content), secrets: content.code ? [content.code.value] : [] };
}
