/**
 * No one-time code or temporary password stays readable in the outbox (docs/security.md#secrets-in-e-mail). The sender
 * names a message's secrets (renderEmail does for its `code`); the row keeps a copy with each of them shown as
 * "••••••", and the message as written only sealed: AES-256-GCM under a key derived from TOKEN_SECRET, bound to the
 * recipient. The SMTP delivery opens it to send it and then drops it; the embedded mailbox (/dev/mail) opens it to
 * show it. A row whose seal cannot be opened (TOKEN_SECRET changed) shows its masked copy.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { derivedKey } from '../../lib/derived-key.js';
import { escapeHtml } from './templates.js';
import type { MailMessage } from './mailer.js';

export const MASK = '••••••';

const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** What a message says: the parts that go to the recipient. */
export interface MailContent {
  subject: string;
  text: string;
  html: string;
}

/** The outbox row's share of a message: its masked content, and the sealed original when it has secrets. */
export interface StoredMail extends MailContent {
  to: string;
  sealed: string | null;
}

const keys = new Map<string, Buffer>();
function keyFor(tokenSecret: string): Buffer {
  let key = keys.get(tokenSecret);
  if (!key) {
    key = derivedKey(tokenSecret, 'mail-outbox');
    keys.set(tokenSecret, key);
  }
  return key;
}

/** A copy of the message's recipient as additional data: a seal moved onto another row does not open. */
const boundTo = (to: string) => Buffer.from(`mail-outbox\n${to}`, 'utf8');

function mask(value: string, secrets: string[]): string {
  let masked = value;
  // Longest first, so a secret that contains another is masked whole.
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) masked = masked.replaceAll(secret, MASK);
  return masked;
}

/** The row to store for a message: secrets masked in subject, text and HTML, the original sealed. */
export function sealMail(message: MailMessage, tokenSecret: string): StoredMail {
  const { to, subject, text, html } = message;
  const secrets = [...new Set((message.secrets ?? []).filter((s) => s.length > 0))];
  if (secrets.length === 0) return { to, subject, text, html, sealed: null };
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', keyFor(tokenSecret), iv);
  cipher.setAAD(boundTo(to));
  const body = Buffer.concat([cipher.update(JSON.stringify({ subject, text, html }), 'utf8'), cipher.final()]);
  const sealed = `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`;
  const inHtml = [...secrets, ...secrets.map(escapeHtml)];
  return { to, subject: mask(subject, secrets), text: mask(text, secrets), html: mask(html, inHtml), sealed };
}

/** The message as written, or null when the row has no seal or it does not open under this TOKEN_SECRET. */
export function unsealMail(row: StoredMail, tokenSecret: string): MailContent | null {
  if (!row.sealed?.startsWith(`${VERSION}:`)) return null;
  const bytes = Buffer.from(row.sealed.slice(VERSION.length + 1), 'base64url');
  if (bytes.length < IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyFor(tokenSecret), bytes.subarray(0, IV_BYTES));
    decipher.setAAD(boundTo(row.to));
    decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    const plain = Buffer.concat([decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString('utf8');
    const { subject, text, html } = JSON.parse(plain) as MailContent;
    return { subject, text, html };
  } catch {
    return null;
  }
}

/** The row as its reader should see it: opened when it can be, else as stored (masked). */
export function readableMail<R extends StoredMail>(row: R, tokenSecret: string): R {
  return { ...row, ...unsealMail(row, tokenSecret) };
}
