import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestApp, createUser, type TestApp, fileTestApp } from '../../test/helper.js';
import { renderEmail } from '../../adapters/mail/templates.js';
import { MASK } from '../../adapters/mail/mail-secrets.js';
import { mailOutbox } from '../../db/schema.js';

let prod: TestApp;
const t = fileTestApp();
beforeAll(async () => {
  prod = await createTestApp({ env: { NODE_ENV: 'production' } });
  for (const [to, subject] of [
    ['first@example.test', 'First <message>'],
    ['second@example.test', 'Second message'],
  ] as const) {
    await t.deps.mailer.send({ to, ...renderEmail({ subject, heading: subject, paragraphs: ['Hello <there>'] }) });
  }
  // Written a minute apart, so that "newest first" has one answer.
  await t.deps.db.update(mailOutbox).set({ createdAt: new Date(Date.now() - 60_000) }).where(eq(mailOutbox.to, 'first@example.test'));
});
afterAll(async () => {
  await prod.close();
});

describe('/dev/mail outside production', () => {
  it('lists the outbox as JSON, newest first, filtered by recipient', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/dev/mail.json' });
    expect(res.statusCode).toBe(200);
    const { messages } = res.json();
    expect(messages.map((m: { to: string }) => m.to)).toEqual(['second@example.test', 'first@example.test']);
    expect(messages[0]).toMatchObject({ subject: 'Second message', sentAt: null, error: null });
    expect(messages[0].text).toContain('Beat Market');

    const filtered = await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=FIRST@example.test' });
    expect(filtered.json().messages).toHaveLength(1);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail.json?limit=0' })).statusCode).toBe(400);
  });

  it('shows an HTML page a developer can click through, escaped', async () => {
    const list = await t.app.inject({ method: 'GET', url: '/dev/mail' });
    expect(list.statusCode).toBe(200);
    expect(list.headers['content-type']).toContain('text/html');
    expect(list.headers['content-security-policy']).toContain("default-src 'none'");
    expect(list.body).toContain('First &lt;message&gt;');
    expect(list.body).not.toContain('First <message>');
    expect(list.body.indexOf('Second message')).toBeLessThan(list.body.indexOf('First &lt;message&gt;'));

    const link = /href="(\/dev\/mail\/[0-9a-f-]{36})">First/.exec(list.body)?.[1];
    expect(link).toBeDefined();
    const page = await t.app.inject({ method: 'GET', url: link! });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('first@example.test');
    expect(page.body).toContain('<iframe title="HTML body of the message" sandbox srcdoc="');
    expect(page.body).toContain('Hello &lt;there&gt;'); // the text body, escaped

    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/00000000-0000-0000-0000-000000000000' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/dev/mail/nope' })).statusCode).toBe(404);
  });
});

describe('secrets in the embedded mailbox', () => {
  /** The outbox row as the database holds it, every column. */
  const storedRow = async (to: string) => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)))[0]!;

  it('keeps a recovery code only sealed in the database, and shows it on /dev/mail, the delivery', async () => {
    const user = await createUser(t, { email: 'sealed-code@example.test' });
    expect((await t.app.inject({ method: 'POST', url: '/sendotp', payload: { email: user.email } })).statusCode).toBe(200);
    await expect.poll(async () => (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, user.email))).length).toBe(1);

    const [message] = (await t.app.inject({ method: 'GET', url: `/dev/mail.json?to=${user.email}` })).json().messages;
    const code = /Your code: ([A-Z0-9]{5})/.exec(message.text)![1]!;
    expect(message.subject).toBe(`${code} is your Beat Market code`);
    expect(message.html).toContain(`>${code}<`);
    expect(message).not.toHaveProperty('sealed');

    const row = await storedRow(user.email);
    for (const part of [row.subject, row.text, row.html, row.sealed!]) expect(part).not.toContain(code);
    expect(JSON.stringify(row)).not.toContain(code);
    expect(row.text).toContain(`Your code: ${MASK}`);

    const page = await t.app.inject({ method: 'GET', url: `/dev/mail/${row.id}` });
    expect(page.body).toContain(`Your code: ${code}`);
    const list = await t.app.inject({ method: 'GET', url: `/dev/mail?to=${user.email}` });
    expect(list.body).toContain(`${code} is your Beat Market code`);

    // The code read from the mailbox is the one that works.
    const verified = await t.app.inject({ method: 'POST', url: '/verifyotp', payload: { email: user.email, otp: code } });
    expect(verified.statusCode).toBe(200);
  });

  it("keeps an invited member's temporary password only sealed, and the one shown on /dev/mail logs in", async () => {
    const admin = await createUser(t, { isAdmin: true });
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: admin.email, password: 'test-password' } });
    const invite = await t.app.inject({
      method: 'POST',
      url: '/api/admin/users/invite',
      headers: { authorization: `Bearer ${login.json().token}` },
      payload: { email: 'sealed-invite@example.test', fullName: 'Sealed Invite', credits: 0 },
    });
    expect(invite.statusCode).toBe(201);
    const [message] = (await t.app.inject({ method: 'GET', url: '/dev/mail.json?to=sealed-invite@example.test' })).json().messages;
    const password = /Temporary password: (\S+)/.exec(message.text)![1]!;
    expect(JSON.stringify(await storedRow('sealed-invite@example.test'))).not.toContain(password);
    const invited = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'sealed-invite@example.test', password } });
    expect(invited.statusCode).toBe(200);
  });
});

describe('/dev/mail in production', () => {
  it('answers 404 for the page, the JSON and a message', async () => {
    await prod.deps.mailer.send({ to: 'p@example.test', subject: 'S', text: 'T', html: '<p>H</p>' });
    for (const url of ['/dev/mail', '/dev/mail.json', '/dev/mail/00000000-0000-0000-0000-000000000000']) {
      const res = await prod.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.body).not.toContain('p@example.test');
    }
  });
});
