/** The HTML of /dev/mail: a developer's view of the outbox, the list and one message. No scripts, escaped throughout. */
import { escapeHtml as e } from '../../adapters/mail/templates.js';
import type { OutboxRow } from './dev-mail.service.js';

/** The page's own policy: inline styles only; the message's HTML is shown in a sandboxed frame. */
export const devMailSecurityHeaders = {
  'Content-Security-Policy': "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'; frame-ancestors 'none'",
  'Cache-Control': 'no-store',
};

const styles = `
  body { margin: 0; background: #0b0b10; color: #f4f4f7; font: 15px/1.5 system-ui, sans-serif; }
  main { max-width: 960px; margin: 0 auto; padding: 24px 16px 48px; }
  h1 { margin: 0 0 4px; font-size: 24px; } h1 span { color: #f5c518; }
  p.lead { margin: 0 0 20px; color: #a3a3b5; }
  a { color: #ffd84a; }
  table { width: 100%; border-collapse: collapse; }
  th, td { padding: 10px 8px; border-bottom: 1px solid #2c2c3d; text-align: left; vertical-align: top; }
  th { color: #a3a3b5; font-size: 13px; font-weight: 600; }
  td.when { white-space: nowrap; color: #a3a3b5; font-size: 13px; }
  .status { font-size: 12px; padding: 1px 8px; border-radius: 999px; border: 1px solid #2c2c3d; color: #a3a3b5; white-space: nowrap; }
  .status.sent { color: #34d399; border-color: #34d39966; } .status.failed { color: #f87171; border-color: #f8717166; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 6px 16px; margin: 0 0 20px; }
  dt { color: #a3a3b5; } dd { margin: 0; overflow-wrap: anywhere; }
  h2 { font-size: 16px; margin: 24px 0 8px; }
  iframe { width: 100%; height: 560px; border: 1px solid #2c2c3d; border-radius: 12px; background: #fff; }
  pre { white-space: pre-wrap; margin: 0; padding: 14px; border: 1px solid #2c2c3d; border-radius: 12px; background: #14141c; }
`;

function layout(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${e(title)}</title><style>${styles}</style></head><body><main>${body}</main></body></html>`;
}

function status(row: OutboxRow): string {
  if (row.error) return `<span class="status failed" title="${e(row.error)}">failed</span>`;
  if (row.sentAt) return '<span class="status sent">sent</span>';
  return '<span class="status">outbox</span>';
}

export function outboxListPage(rows: OutboxRow[]): string {
  const items = rows
    .map(
      (row) => `<tr><td class="when">${e(row.createdAt.toISOString())}</td><td>${e(row.to)}</td>` +
        `<td><a href="/dev/mail/${e(row.id)}">${e(row.subject)}</a></td><td>${status(row)}</td></tr>`,
    )
    .join('');
  const table = rows.length
    ? `<table><thead><tr><th scope="col">Created</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Status</th></tr></thead><tbody>${items}</tbody></table>`
    : '<p>The outbox is empty. Messages the store sends appear here, newest first.</p>';
  return layout(
    'Outbox · Beat Market',
    `<h1><span>Beat Market</span> outbox</h1><p class="lead">Every e-mail the store sent, newest first (development only; also as <a href="/dev/mail.json">JSON</a>).</p>${table}`,
  );
}

export function outboxMessagePage(row: OutboxRow): string {
  return layout(
    `${row.subject} · Outbox`,
    `<p><a href="/dev/mail">← Outbox</a></p><h1>${e(row.subject)}</h1>
<dl><dt>To</dt><dd>${e(row.to)}</dd><dt>Created</dt><dd>${e(row.createdAt.toISOString())}</dd>
<dt>Status</dt><dd>${status(row)}${row.sentAt ? ` ${e(row.sentAt.toISOString())}` : ''}${row.error ? ` ${e(row.error)}` : ''}</dd></dl>
<h2>HTML</h2><iframe title="HTML body of the message" sandbox srcdoc="${e(row.html)}"></iframe>
<h2>Text</h2><pre>${e(row.text)}</pre>`,
  );
}
