import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { messages, type AuthResponse } from '@beat/shared';
import { authed, createUser, loginAs, fileTestApp, signedInWithOther, expectMessage, expectMessageOnly } from '../../test/helper.js';
import { sessionLogs, users } from '../../db/schema.js';

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '50' } });

const post = (url: string, payload: unknown, token?: string) =>
  t.app.inject(token ? authed(token, { method: 'POST', url, payload: payload as object }) : { method: 'POST', url, payload: payload as object });

describe('POST /api/signup', () => {
  it('creates a freeUser, whatever userType is sent, and answers token and user', async () => {
    const res = await post('/api/signup', { fullName: 'Maya Beats', email: 'Maya@Example.test', password: 'longenough', userType: 'vipUser' });
    expect(res.statusCode).toBe(201);
    const body = res.json() as AuthResponse;
    expect(body.token).toMatch(/^ey/);
    expect(body.user).toMatchObject({ email: 'maya@example.test', fullName: 'Maya Beats', userType: 'freeUser', Credits: 0, isAdmin: false });
    expect(body.user._id).toMatch(/[0-9a-f-]{36}/);
    expect(body.user).not.toHaveProperty('passwordHash');
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'maya@example.test'));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
  });

  it.each([
    [{ email: 'a@b.co', password: 'longenough' }, messages.fullNameRequired],
    [{ fullName: ' ', email: 'a@b.co', password: 'longenough' }, messages.fullNameRequired],
    [{ fullName: 'A', password: 'longenough' }, messages.emailRequired],
    [{ fullName: 'A', email: 'not-an-email', password: 'longenough' }, messages.emailInvalid],
    [{ fullName: 'A', email: 'a@b.co' }, messages.passwordRequired],
    [{ fullName: 'A', email: 'a@b.co', password: 'short' }, messages.passwordTooShort],
    [{ fullName: 'A', email: 'a@b.co', password: 'x'.repeat(129) }, messages.passwordTooLong],
  ])('refuses %j with a readable 400 and writes nothing', async (payload, message) => {
    const before = await t.deps.db.select().from(users);
    expectMessageOnly(await post('/api/signup', payload), 400, message);
    expect(await t.deps.db.select().from(users)).toHaveLength(before.length);
  });

  it('refuses a second account on the same e-mail with 409', async () => {
    await post('/api/signup', { fullName: 'One', email: 'twice@example.test', password: 'longenough' });
    const res = await post('/api/signup', { fullName: 'Two', email: 'TWICE@example.test', password: 'longenough' });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/already exists/);
  });

  it('answers 400 for a body that is not JSON, never 500', async () => {
    expectMessage(await t.app.inject({ method: 'POST', url: '/api/signup', headers: { 'content-type': 'application/json' }, payload: '{"fullName":' }), 400, 'The request body is not valid JSON.');
  });
});

describe('POST /api/login', () => {
  it('answers token and user and sets lastSessionDate', async () => {
    const user = await createUser(t);
    const res = await post('/api/login', { email: user.email.toUpperCase(), password: 'test-password' });
    expect(res.statusCode).toBe(200);
    const body = res.json() as AuthResponse;
    expect(body.user.email).toBe(user.email);
    expect(body.user.lastSessionDate).not.toBeNull();
  });

  it('says the same for an unknown e-mail and a wrong password', async () => {
    const user = await createUser(t);
    const wrong = await post('/api/login', { email: user.email, password: 'wrong-password' });
    const unknown = await post('/api/login', { email: 'nobody@example.test', password: 'wrong-password' });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
    expect(wrong.json().message).toBe(messages.invalidCredentials);
  });

  it.each([
    [{ password: 'longenough' }, messages.emailRequired],
    [{ email: 'bad', password: 'longenough' }, messages.emailInvalid],
    [{ email: 'a@b.co' }, messages.passwordRequired],
    [{ email: 'a@b.co', password: '1234567' }, messages.passwordTooShort],
  ])('refuses %j with 400', async (payload, message) => {
    expectMessageOnly(await post('/api/login', payload), 400, message);
  });
});

describe('tokens', () => {
  it('logout ends that token only', async () => {
    const user = await createUser(t);
    const first = await loginAs(t, user);
    const second = await loginAs(t, user);
    expect((await post('/api/logout', {}, first)).statusCode).toBe(200);
    expect((await post('/api/getuser', { email: user.email }, first)).statusCode).toBe(401);
    expect((await post('/api/getuser', { email: user.email }, second)).statusCode).toBe(200);
  });

  it('refuses a forged or altered token', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user);
    const [h, p, s] = token.split('.');
    const altered = `${h}.${p}.${s!.slice(0, -2)}${s!.endsWith('AA') ? 'BB' : 'AA'}`;
    const res = await post('/api/getuser', { email: user.email }, altered);
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toMatch(/log in again/);
    expect((await post('/api/getuser', { email: user.email }, 'not-a-token')).statusCode).toBe(401);
  });
});

describe('POST /api/getuser', () => {
  it('answers the caller, 403 for another user, any user for an admin', async () => {
    const { me, other, token } = await signedInWithOther(t, { fullName: 'Me Myself' });
    const admin = await createUser(t, { isAdmin: true });
    const mine = await post('/api/getuser', { email: me.email }, token);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().user).toMatchObject({ _id: me.id, fullName: 'Me Myself' });
    expectMessage(await post('/api/getuser', { email: other.email }, token), 403, 'You can only access your own account.');
    const asAdmin = await post('/api/getuser', { email: other.email }, await loginAs(t, admin));
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().user._id).toBe(other.id);
  });

  it('answers 401 without a token and 400 for a bad e-mail', async () => {
    const me = await createUser(t);
    expect((await post('/api/getuser', { email: me.email })).statusCode).toBe(401);
    expectMessage(await post('/api/getuser', { email: 'nope' }, await loginAs(t, me)), 400, messages.emailInvalid);
  });
});

describe('POST /api/update-session-time', () => {
  it('records the session for the caller, refuses another user and bad input', async () => {
    const { me, other, token } = await signedInWithOther(t);
    const ok = await post('/api/update-session-time', { userId: me.id, sessionDuration: 95 }, token);
    expect(ok.statusCode).toBe(200);
    const logs = await t.deps.db.select().from(sessionLogs).where(eq(sessionLogs.userId, me.id));
    expect(logs.map((l) => l.seconds)).toEqual([95]);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.totalSessionSeconds).toBe(95);

    const forbidden = await post('/api/update-session-time', { userId: other.id, sessionDuration: 5 }, token);
    expect(forbidden.statusCode).toBe(403);
    expectMessage(await post('/api/update-session-time', { userId: me.id, sessionDuration: -1 }, token), 400, 'sessionDuration cannot be negative');
    expect(await t.deps.db.select().from(sessionLogs).where(eq(sessionLogs.userId, other.id))).toHaveLength(0);
  });
});

describe('unknown API paths', () => {
  it('answer 404 JSON', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/nope' });
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/No such endpoint/);
  });
});
