/** Secrets in e-mail (docs/security.md#secrets-in-e-mail): masked in the stored copy, sealed for the delivery only. */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { MASK, readableMail, sealMail, unsealMail } from './mail-secrets.js';
import { renderEmail } from './templates.js';
import { createTestApp, type TestApp } from '../../test/helper.js';
import { mailOutbox } from '../../db/schema.js';

const secret = 'a-token-secret-that-is-long-enough-for-the-tests';
const message = {
  to: 'ada@example.test',
  ...renderEmail({
    subject: 'K7Q2M is your Beat Market code',
    heading: 'Reset your password',
    paragraphs: ['Enter this code.'],
    code: { label: 'Your code', value: 'K7Q2M' },
  }),
};

describe('sealMail', () => {
  it('masks the code everywhere in the stored copy and seals the message as written', () => {
    const stored = sealMail(message, secret);
    expect(JSON.stringify(stored)).not.toContain('K7Q2M');
    expect(stored.subject).toBe(`${MASK} is your Beat Market code`);
    expect(stored.text).toContain(`Your code: ${MASK}`);
    expect(stored.html).toContain(`>${MASK}<`);
    expect(unsealMail(stored, secret)).toEqual({ subject: message.subject, text: message.text, html: message.html });
  });

  it('masks a secret in its HTML-escaped form too', () => {
    const tricky = { to: 'b@example.test', ...renderEmail({ subject: 'Hi', heading: 'Hi', paragraphs: [], code: { label: 'Password', value: 'a<b&"c' } }) };
    expect(tricky.html).toContain('a&lt;b&amp;&quot;c');
    const stored = sealMail(tricky, secret);
    expect(stored.html).not.toContain('a&lt;b&amp;&quot;c');
    expect(stored.text).not.toContain('a<b&"c');
    expect(unsealMail(stored, secret)?.html).toBe(tricky.html);
  });

  it('keeps a message without secrets as it is, unsealed', () => {
    const plain = { to: 'c@example.test', ...renderEmail({ subject: 'Your receipt', heading: 'Thanks', paragraphs: ['Paid.'] }) };
    expect(plain.secrets).toEqual([]);
    expect(sealMail(plain, secret)).toEqual({ to: plain.to, subject: plain.subject, text: plain.text, html: plain.html, sealed: null });
  });

  it('seals each message afresh: the same message twice gives two different seals', () => {
    expect(sealMail(message, secret).sealed).not.toBe(sealMail(message, secret).sealed);
  });
});

describe('unsealMail', () => {
  it('opens nothing under another TOKEN_SECRET, and shows the masked copy instead', () => {
    const stored = sealMail(message, secret);
    expect(unsealMail(stored, `${secret}-changed`)).toBeNull();
    expect(readableMail(stored, `${secret}-changed`).text).toContain(`Your code: ${MASK}`);
    expect(readableMail(stored, secret).text).toContain('Your code: K7Q2M');
  });

  it('opens nothing moved onto another recipient, or altered', () => {
    const stored = sealMail(message, secret);
    expect(unsealMail({ ...stored, to: 'mallory@example.test' }, secret)).toBeNull();
    const flipped = `${stored.sealed!.slice(0, -2)}${stored.sealed!.endsWith('AA') ? 'AB' : 'AA'}`;
    expect(unsealMail({ ...stored, sealed: flipped }, secret)).toBeNull();
    expect(unsealMail({ ...stored, sealed: 'v1:' }, secret)).toBeNull();
    expect(unsealMail({ ...stored, sealed: 'v9:abc' }, secret)).toBeNull();
  });
});

describe('migration 0018', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('masks the codes and temporary passwords of mail delivered before it, and leaves other mail alone', async () => {
    const here = path.dirname(fileURLToPath(import.meta.url));
    const migration = readFileSync(path.resolve(here, '../../../drizzle/0018_sealed_mail_secrets.sql'), 'utf8');
    const update = migration.split('--> statement-breakpoint').find((part) => part.includes('UPDATE'))!;
    const invite = renderEmail({ subject: 'You are invited to Beat Market', heading: 'Welcome', paragraphs: [], code: { label: 'Temporary password', value: 'Zx8Kp3Wm9Rt2' } });
    const sent = new Date('2026-03-01T10:00:00Z');
    const rows = await t.deps.db
      .insert(mailOutbox)
      .values([
        { to: 'old-code@example.test', subject: message.subject, text: message.text, html: message.html, sentAt: sent },
        { to: 'old-invite@example.test', subject: invite.subject, text: invite.text, html: invite.html, sentAt: sent },
        { to: 'receipt@example.test', subject: 'Your Beat Market receipt', text: 'Total: $19.99', html: '<p style="letter-spacing:10px">$19.99</p>', sentAt: sent },
      ])
      .returning({ id: mailOutbox.id });
    await t.deps.db.execute(sql.raw(update));
    const after = await Promise.all(rows.map(async ({ id }) => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.id, id)))[0]!));
    expect(JSON.stringify(after[0])).not.toContain('K7Q2M');
    expect(after[0]!.subject).toBe(`${MASK} is your Beat Market code`);
    expect(after[0]!.text).toContain(`Your code: ${MASK}\n`);
    expect(after[0]!.html).toContain(`letter-spacing:10px">${MASK}</p>`);
    expect(JSON.stringify(after[1])).not.toContain('Zx8Kp3Wm9Rt2');
    expect(after[1]!.text).toContain(`Temporary password: ${MASK}\n`);
    expect(after[1]!.text).toContain('— The Beat Market team');
    expect(after[2]).toMatchObject({ text: 'Total: $19.99', html: '<p style="letter-spacing:10px">$19.99</p>' });
  });
});
