import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountMessages, otpAlphabet } from '@beat/shared';
import { authed, createTestApp, createUser, expectServerError, loginAs, expectMessage, userRowOf, expectMessageOnly, type TestApp } from '../../test/helper.js';
import { frozenClock } from '../../test/frozen-clock.js';
import { otpCodes, resetTokens, type UserRow } from '../../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';
import { accountLimits } from './account-limits.js';
import { codeIn, mailsTo, waitForMail } from './accounts-test-support.js';
import { recoveryMessages } from './password-recovery.service.js';

const clock = frozenClock(new Date('2026-03-01T10:00:00Z'));
let t: TestApp;
beforeAll(async () => {
  // The default limits (scale 1): these tests are about them.
  t = await createTestApp({ clock });
});
afterAll(async () => {
  await t.close();
});

let address = 0;
/** Each test from its own address, so per-address limits of one test do not spill into the next. */
let ip = '10.0.0.1';
beforeEach(() => {
  address += 1;
  ip = `10.1.${Math.floor(address / 250)}.${address % 250}`;
});

const post = (url: string, payload: object, remoteAddress = ip) => t.app.inject({ method: 'POST', url, payload, remoteAddress });
const wrongCodeFor = (code: string) => [...code].map((c) => (c === 'A' ? 'B' : 'A')).join('');

async function requestCode(user: Pick<UserRow, 'email'>, count = 1): Promise<string> {
  const res = await post('/sendotp', { email: user.email });
  expect(res.statusCode).toBe(200);
  return codeIn(await waitForMail(t, user.email, count));
}

async function resetTokenFor(user: UserRow): Promise<string> {
  const code = await requestCode(user);
  const res = await post('/verifyotp', { email: user.email, otp: code });
  expect(res.statusCode).toBe(200);
  return res.json().resetToken as string;
}

describe('POST /sendotp', () => {
  it('e-mails a 5-character code from the unambiguous alphabet, naming Beat Market, and stores only its hash', async () => {
    const user = await createUser(t, { fullName: 'Ada Lovelace' });
    const res = await post('/sendotp', { email: user.email.toUpperCase() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: recoveryMessages.codeSent, resendAfterSeconds: 60 });

    const mail = await waitForMail(t, user.email);
    const code = codeIn(mail);
    expect(code).toHaveLength(5);
    expect([...code].every((c) => otpAlphabet.includes(c))).toBe(true);
    expect(mail.subject).toContain('Beat Market');
    expect(mail.subject).toContain(code);
    expect(mail.text).toContain('Beat Market');
    expect(mail.text).toContain('Hi Ada Lovelace,');
    expect(mail.html).toContain('Beat Market');
    expect(mail.html).toContain(`>${code}<`);

    const [row] = await t.deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row!.codeHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.codeHash).not.toContain(code);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(10 * 60_000);
  });

  it('answers an unknown e-mail exactly like a known one, and sends nothing', async () => {
    const user = await createUser(t);
    const known = await post('/sendotp', { email: user.email });
    const unknown = await post('/sendotp', { email: 'nobody-here@example.test' });
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    await waitForMail(t, user.email);
    expect(await mailsTo(t, 'nobody-here@example.test')).toHaveLength(0);
  });

  it('answers before the e-mail goes out, so a slow mail server cannot tell known e-mails from unknown ones', async () => {
    const user = await createUser(t);
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let reached!: () => void;
    const held = new Promise<void>((r) => (reached = r));
    t.deps.mailer.send = async (message, tx) => {
      reached();
      await gate;
      return send(message, tx);
    };
    try {
      // The response arrives while the gate holds the e-mail back: it did not wait for it.
      const res = await post('/sendotp', { email: user.email });
      expect(res.statusCode).toBe(200);
      await held;
    } finally {
      release();
      t.deps.mailer.send = send;
    }
    await waitForMail(t, user.email);
  });

  it('issues no code when its e-mail cannot be written, and the previous code still works', async () => {
    const user = await createUser(t);
    const first = await requestCode(user);
    clock.advance(61_000);
    const send = t.deps.mailer.send.bind(t.deps.mailer);
    let failed!: () => void;
    const attempted = new Promise<void>((r) => (failed = r));
    t.deps.mailer.send = async () => {
      failed();
      throw new Error('the outbox is unavailable');
    };
    expectServerError('the password recovery code could not be sent', 'the outbox is unavailable');
    try {
      expect((await post('/sendotp', { email: user.email })).statusCode).toBe(200);
      await attempted;
    } finally {
      t.deps.mailer.send = send;
    }
    // The code and its e-mail are one transaction: the new code was not kept, and the old one was not retired.
    await expect.poll(async () => (await t.deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id))).length).toBe(1);
    expect((await post('/verifyotp', { email: user.email, otp: first })).statusCode).toBe(200);
  });

  it('enforces the 60-second resend cooldown with 429, for known and unknown e-mails alike', async () => {
    const user = await createUser(t);
    for (const email of [user.email, 'ghost-cooldown@example.test']) {
      expect((await post('/sendotp', { email })).statusCode).toBe(200);
      clock.advance(30_000);
      const early = await post('/sendotp', { email });
      expectMessage(early, 429, 'Too many code requests. Please try again in 30 seconds.');
      expect(early.headers['retry-after']).toBe('30');
      clock.advance(30_001);
      expect((await post('/sendotp', { email })).statusCode).toBe(200);
    }
    await waitForMail(t, user.email, 2);
  });

  it('retires the previous code when a new one is sent', async () => {
    const user = await createUser(t);
    const first = await requestCode(user);
    clock.advance(61_000);
    const second = await requestCode(user, 2);
    const old = await post('/verifyotp', { email: user.email, otp: first });
    if (first !== second) expect(old.statusCode).toBe(400);
    expect((await post('/verifyotp', { email: user.email, otp: second })).statusCode).toBe(200);
  });

  it.each([
    [{}, 'Email is required'],
    [{ email: '' }, 'Email is required'],
    [{ email: 'not-an-email' }, 'Email address is invalid'],
  ])('refuses %j with a readable 400', async (payload, message) => {
    expectMessageOnly(await post('/sendotp', payload), 400, message);
  });

  it('limits code requests per address (10 per 10 minutes)', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await post('/sendotp', { email: `spray${i}@example.test` })).statusCode);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(200));
    expect(statuses[10]).toBe(429);
  });

  it('limits codes per e-mail to 6 an hour, from any address', async () => {
    const user = await createUser(t);
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await post('/sendotp', { email: user.email }, `10.200.0.${i + 1}`)).statusCode);
      clock.advance(61_000);
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
    await waitForMail(t, user.email, 6);
  });
});

describe('POST /verifyotp', () => {
  it('answers a reset token for the right code (any case), once', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    const res = await post('/verifyotp', { email: user.email, otp: code.toLowerCase() });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(accountMessages.otpVerified);
    expect(body.resetToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(new Date(body.expiresAt).getTime() - clock.now().getTime()).toBe(15 * 60_000);
    const [row] = await t.deps.db.select().from(resetTokens).where(eq(resetTokens.userId, user.id));
    expect(row!.tokenHash).not.toBe(body.resetToken);

    expectMessage(await post('/verifyotp', { email: user.email, otp: code }), 400, recoveryMessages.wrongCode);
  });

  it('refuses a code after its 10 minutes', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    clock.advance(10 * 60_000);
    expectMessage(await post('/verifyotp', { email: user.email, otp: code }), 400, recoveryMessages.wrongCode);
  });

  it('refuses a sixth try even when it is the right code', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    const wrong = wrongCodeFor(code);
    for (let i = 0; i < 5; i++) {
      expectMessage(await post('/verifyotp', { email: user.email, otp: wrong }), 400, recoveryMessages.wrongCode);
    }
    expectMessage(await post('/verifyotp', { email: user.email, otp: code }), 429, recoveryMessages.tooManyWrongCodes);
    // The code itself is spent too (the database counts tries, not only this process's memory).
    await t.deps.limiter.reset(accountLimits.otpWrongPerEmail, user.email);
    const afterRestart = await post('/verifyotp', { email: user.email, otp: code });
    expect(afterRestart.statusCode).toBe(400);
    const [row] = await t.deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    expect(row!.attempts).toBe(5);
    expect(row!.usedAt).toBeNull();
  });

  it('ends the wrong-code lock with a new code, however many wrong codes came from elsewhere', async () => {
    const user = await createUser(t);
    let codes = 0;
    // Someone keeps sending wrong codes from many addresses; the owner keeps asking for new ones.
    for (let round = 0; round < 3; round++) {
      codes += 1;
      const code = await requestCode(user, codes);
      const statuses: number[] = [];
      for (let i = 0; i < 20; i++) {
        statuses.push((await post('/verifyotp', { email: user.email, otp: wrongCodeFor(code) }, `10.90.${round}.${i + 1}`)).statusCode);
      }
      expect(statuses).toEqual([...Array(5).fill(400), ...Array(15).fill(429)]);
      expectMessage(await post('/verifyotp', { email: user.email, otp: code }), 429, recoveryMessages.tooManyWrongCodes);
      // Asking for codes has its own limits: the owner waits out the 60-second cooldown, not 10 minutes.
      expect((await post('/sendotp', { email: user.email })).statusCode).toBe(429);
      clock.advance(61_000);
    }
    const fresh = await requestCode(user, codes + 1);
    const res = await post('/verifyotp', { email: user.email, otp: fresh });
    expect(res.statusCode).toBe(200);
    expect(res.json().resetToken).toMatch(/^[\w-]{43}$/);
  });

  it('accepts the right code on the fifth try', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    for (let i = 0; i < 4; i++) await post('/verifyotp', { email: user.email, otp: wrongCodeFor(code) });
    expect((await post('/verifyotp', { email: user.email, otp: code })).statusCode).toBe(200);
  });

  it('answers an unknown e-mail like a wrong code, up to the same 429', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    await post('/sendotp', { email: 'ghost-verify@example.test' });
    for (let i = 0; i < 6; i++) {
      const known = await post('/verifyotp', { email: user.email, otp: wrongCodeFor(code) });
      const unknown = await post('/verifyotp', { email: 'ghost-verify@example.test', otp: wrongCodeFor(code) });
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.body).toBe(known.body);
    }
  });

  it('gets nowhere by guessing across many requests and fresh codes', async () => {
    const user = await createUser(t);
    let guesses = 0;
    let accepted = 0;
    let codes = 0;
    const codesSeen: string[] = [];
    // Keep asking for codes (waiting out the cooldown) and spray guesses from many addresses until the server stops it.
    for (let round = 0; round < 10; round++) {
      clock.advance(61_000);
      const sent = await post('/sendotp', { email: user.email }, `10.77.${round}.1`);
      if (sent.statusCode !== 200) break;
      codes += 1;
      codesSeen.push(codeIn(await waitForMail(t, user.email, codes)));
      const code = codesSeen.at(-1)!;
      for (let i = 0; i < 20; i++) {
        // Guesses that are never the code just sent.
        let guess = '';
        for (let j = 0; j < 5; j++) guess += otpAlphabet[(round * 7 + i * 3 + j) % otpAlphabet.length];
        if (guess === code) continue;
        const res = await post('/verifyotp', { email: user.email, otp: guess }, `10.78.${round}.${i + 1}`);
        guesses += 1;
        if (res.statusCode === 200) accepted += 1;
      }
      // And then the right code: the tries are spent, so it is refused too.
      const right = await post('/verifyotp', { email: user.email, otp: code }, `10.79.${round}.1`);
      if (right.statusCode === 200) accepted += 1;
    }
    expect(accepted).toBe(0);
    expect(codes).toBe(6); // codes per e-mail per hour
    expect(guesses).toBeGreaterThan(100);
    const rows = await t.deps.db.select().from(otpCodes).where(eq(otpCodes.userId, user.id));
    // No code was ever checked more than 5 times.
    expect(rows.every((r) => r.attempts <= 5)).toBe(true);
  });

  it('lets only one of two parallel right answers through', async () => {
    const user = await createUser(t);
    const code = await requestCode(user);
    const results = await Promise.all([1, 2, 3].map(() => post('/verifyotp', { email: user.email, otp: code })));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400, 400]);
  });

  it.each([
    [{ email: 'a@b.co' }, accountMessages.fillInTheCode],
    [{ email: 'a@b.co', otp: 'ABC' }, accountMessages.fillInTheCode],
    [{ email: 'a@b.co', otp: 'ABCDEF' }, accountMessages.fillInTheCode],
    [{ email: 'a@b.co', otp: 'AB0O1' }, 'The code has only capital letters and digits 2–9.'],
    [{ otp: 'ABCDE' }, 'Email is required'],
  ])('refuses %j with a readable 400', async (payload, message) => {
    expectMessageOnly(await post('/verifyotp', payload), 400, message);
  });

  it('limits code checks per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) statuses.push((await post('/verifyotp', { email: `x${i}@example.test`, otp: 'AAAAA' })).statusCode);
    expect(statuses.slice(0, 30).every((s) => s === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});

describe('POST /api/changenewpassword', () => {
  it('sets the new password with the reset token, ends every session, and marks the password changed', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const token = await loginAs(t, user);
    const resetToken = await resetTokenFor(user);
    expectMessageOnly(await post('/api/changenewpassword', { email: user.email, newPassword: 'brand-new-secret', resetToken }), 200, accountMessages.passwordChangedSuccessfully);

    const row = await userRowOf(t, user.id);
    expect(await verifyPassword(row.passwordHash, 'brand-new-secret')).toBe(true);
    expect(row.hasPasswordChanged).toBe(true);
    const old = await t.app.inject(authed(token, { method: 'POST', url: '/api/getuser', payload: { email: user.email } }));
    expect(old.statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } })).statusCode).toBe(401);
    expect(await loginAs(t, user, 'brand-new-secret')).toMatch(/^ey/);
  });

  it('refuses a used token with a clear message', async () => {
    const user = await createUser(t);
    const resetToken = await resetTokenFor(user);
    expect((await post('/api/changenewpassword', { email: user.email, newPassword: 'first-new-pass', resetToken })).statusCode).toBe(200);
    expectMessage(await post('/api/changenewpassword', { email: user.email, newPassword: 'second-new-pass', resetToken }), 400, recoveryMessages.tokenUsed);
    const row = await userRowOf(t, user.id);
    expect(await verifyPassword(row.passwordHash, 'first-new-pass')).toBe(true);
  });

  it('refuses an expired token with a clear message and changes nothing', async () => {
    const user = await createUser(t);
    const resetToken = await resetTokenFor(user);
    clock.advance(15 * 60_000);
    expectMessage(await post('/api/changenewpassword', { email: user.email, newPassword: 'too-late-pass', resetToken }), 400, recoveryMessages.tokenExpired);
    expect((await userRowOf(t, user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('refuses a made-up token, and a token of another account', async () => {
    const user = await createUser(t);
    const other = await createUser(t);
    expectMessage(await post('/api/changenewpassword', { email: user.email, newPassword: 'whatever-pass', resetToken: 'x'.repeat(43) }), 400, recoveryMessages.tokenInvalid);
    const resetToken = await resetTokenFor(other);
    expectMessage(await post('/api/changenewpassword', { email: user.email, newPassword: 'whatever-pass', resetToken }), 400, recoveryMessages.tokenOtherEmail);
    expect((await userRowOf(t, user.id)).passwordHash).toBe(user.passwordHash);
  });

  it('lets only one of two parallel resets with one token through', async () => {
    const user = await createUser(t);
    const resetToken = await resetTokenFor(user);
    const results = await Promise.all(
      ['parallel-one-pass', 'parallel-two-pass'].map((newPassword) => post('/api/changenewpassword', { email: user.email, newPassword, resetToken })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it.each([
    [{ email: 'a@b.co', resetToken: 'abc' }, 'Password is required'],
    [{ email: 'a@b.co', newPassword: 'short', resetToken: 'abc' }, 'Password must be at least 8 characters'],
    [{ email: 'a@b.co', newPassword: 'longenough' }, 'The reset token is missing. Please verify the code from your e-mail first.'],
    [{ newPassword: 'longenough', resetToken: 'abc' }, 'Email is required'],
  ])('refuses %j with a readable 400', async (payload, message) => {
    expectMessageOnly(await post('/api/changenewpassword', payload), 400, message);
  });
});
