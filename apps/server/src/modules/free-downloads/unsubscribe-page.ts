/** The unsubscribe link's two small pages: "unsubscribe this address?" and "done". Server-made, so they work from any mail client. */
import { randomBytes } from 'node:crypto';
import type { FastifyReply } from 'fastify';
import { escapeHtml, productName } from '../../adapters/mail/templates.js';
import { webAppCsp } from '../../web/security-headers.js';

const style = `body{margin:0;font:16px/1.5 system-ui,Arial,sans-serif;background:#0b0b10;color:#f4f4f7}
main{max-width:520px;margin:12vh auto;padding:28px;background:#16161f;border-radius:14px}
h1{font-size:22px;margin:0 0 12px}button{font:inherit;font-weight:700;padding:12px 22px;border:0;border-radius:10px;background:#f5c518;color:#141006;cursor:pointer}
button:focus-visible{outline:3px solid #fff;outline-offset:2px}a{color:#f5c518}`;

/** Sends a page with its own nonce-bound style (the web app's policy otherwise). */
export function sendUnsubscribePage(reply: FastifyReply, status: number, title: string, body: string): FastifyReply {
  const nonce = randomBytes(16).toString('base64');
  const html = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)} · ${productName}</title><style nonce="${nonce}">${style}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
  return reply
    .code(status)
    .header('Content-Type', 'text/html; charset=utf-8')
    .header('Cache-Control', 'no-store')
    .header('Referrer-Policy', 'no-referrer')
    .header('Content-Security-Policy', webAppCsp(nonce))
    .send(html);
}

export function confirmPage(email: string): { title: string; body: string } {
  return {
    title: 'Unsubscribe?',
    body:
      `<p>Stop every ${productName} e-mail to <strong>${escapeHtml(email)}</strong>? We will not write to it again, ` +
      'not even to send a download link.</p><form method="post"><button type="submit">Unsubscribe</button></form>',
  };
}

export function donePage(email: string): { title: string; body: string } {
  return {
    title: 'You are unsubscribed',
    body: `<p>${productName} will not e-mail <strong>${escapeHtml(email)}</strong> again.</p><p><a href="/">Back to the store</a></p>`,
  };
}

export function refusedPage(message: string): { title: string; body: string } {
  return { title: 'This link does not work', body: `<p>${escapeHtml(message)}</p><p><a href="/">Back to the store</a></p>` };
}
