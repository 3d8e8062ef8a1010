import { describe, expect, it } from 'vitest';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { loginFormErrors, messages, type AuthResponse } from '@beat/shared';
import { authed, createTestApp, createUser, fileTestApp, expectMessageOnly } from '../../test/helper.js';

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '50', TOKEN_TTL_HOURS: '12', REMEMBER_TTL_DAYS: '30' } });

const inject = (options: InjectOptions) => t.app.inject(options);

function setCookies(res: LightMyRequestResponse): string[] {
  const header = res.headers['set-cookie'];
  return header === undefined ? [] : [header].flat();
}

/** The Set-Cookie line of the session cookie. */
function sessionSetCookie(res: LightMyRequestResponse): string {
  const line = setCookies(res).find((c) => c.startsWith('bm_session='));
  expect(line, 'no session cookie set').toBeDefined();
  return line!;
}

/** The `bm_session=…` pair a browser keeps and sends back. */
function sessionCookie(res: LightMyRequestResponse): string {
  return sessionSetCookie(res).split(';')[0]!;
}

const attributes = (line: string) =>
  line
    .split(';')
    .slice(1)
    .map((a) => a.trim())
    .sort();

async function loginCookie(email: string, remember = false): Promise<{ cookie: string; token: string }> {
  const res = await inject({ method: 'POST', url: '/api/login', payload: { email, password: 'test-password', remember } });
  expect(res.statusCode).toBe(200);
  return { cookie: sessionCookie(res), token: (res.json() as AuthResponse).token };
}

describe('the session cookie is set where a session starts', () => {
  it('at login without Remember me: httpOnly, Lax, path /, no Max-Age (the browser’s session), the answer’s token', async () => {
    const user = await createUser(t);
    const res = await inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } });
    expect(res.statusCode).toBe(200);
    const line = sessionSetCookie(res);
    expect(attributes(line)).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax']);
    expect(sessionCookie(res)).toBe(`bm_session=${(res.json() as AuthResponse).token}`);
  });

  it('at login with Remember me: Max-Age of REMEMBER_TTL_DAYS', async () => {
    const user = await createUser(t);
    const res = await inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password', remember: true } });
    expect(attributes(sessionSetCookie(res))).toEqual(['HttpOnly', `Max-Age=${30 * 86400}`, 'Path=/', 'SameSite=Lax']);
  });

  it('at sign-up: the browser’s session unless the body says remember: true', async () => {
    const plain = await inject({ method: 'POST', url: '/api/signup', payload: { fullName: 'Plain', email: 'plain-cookie@example.test', password: 'longenough' } });
    expect(plain.statusCode).toBe(201);
    expect(attributes(sessionSetCookie(plain))).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax']);
    const remembered = await inject({
      method: 'POST',
      url: '/api/signup',
      payload: { fullName: 'Kept', email: 'kept-cookie@example.test', password: 'longenough', remember: true },
    });
    expect(remembered.statusCode).toBe(201);
    expect(attributes(sessionSetCookie(remembered))).toContain(`Max-Age=${30 * 86400}`);
  });

  it('is Secure when PUBLIC_URL is https', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://beats.example.test' } });
    try {
      const user = await createUser(secure);
      const res = await secure.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } });
      expect(attributes(sessionSetCookie(res))).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax', 'Secure']);
    } finally {
      await secure.close();
    }
  });

  it('at a password change: the new session’s cookie, as long-lived as the old one', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const { cookie } = await loginCookie(user.email, true);
    const res = await inject({
      method: 'POST',
      url: '/api/changePassword',
      headers: { cookie },
      payload: { email: user.email, password: 'test-password', newPassword: 'another-password' },
    });
    expect(res.statusCode).toBe(200);
    expect(attributes(sessionSetCookie(res))).toContain(`Max-Age=${30 * 86400}`);
    const renewed = sessionCookie(res);
    expect((await inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json()).toEqual({ user: null });
    expect((await inject({ method: 'GET', url: '/api/me', headers: { cookie: renewed } })).json().user._id).toBe(user.id);
  });
});

describe('the caller', () => {
  it('is named by the cookie alone', async () => {
    const user = await createUser(t);
    const { cookie } = await loginCookie(user.email);
    const res = await inject({ method: 'POST', url: '/api/getuser', headers: { cookie }, payload: { email: user.email } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user._id).toBe(user.id);
  });

  it('is named by the cookie in the admin area too (its guard runs before the body is read)', async () => {
    const admin = await createUser(t, { isAdmin: true });
    const { cookie } = await loginCookie(admin.email);
    expect((await inject({ method: 'GET', url: '/api/admin/users', headers: { cookie } })).statusCode).toBe(200);
    const user = await createUser(t);
    const { cookie: userCookie } = await loginCookie(user.email);
    expect((await inject({ method: 'GET', url: '/api/admin/users', headers: { cookie: userCookie } })).statusCode).toBe(403);
  });

  it('is named by a bearer header first, when both are sent', async () => {
    const cookieUser = await createUser(t);
    const bearerUser = await createUser(t);
    const { cookie } = await loginCookie(cookieUser.email);
    const { token } = await loginCookie(bearerUser.email);
    const res = await inject(authed(token, { method: 'GET', url: '/api/me', headers: { cookie } }));
    expect(res.json().user._id).toBe(bearerUser.id);
    // A bad bearer header is refused even with a good cookie beside it.
    const bad = await inject(authed('not-a-token', { method: 'GET', url: '/api/me', headers: { cookie } }));
    expect(bad.statusCode).toBe(401);
  });

  it('logout ends the session and clears the cookie; the ended cookie is a visitor on a public route, 401 where a user is needed', async () => {
    const user = await createUser(t);
    const { cookie } = await loginCookie(user.email);
    const out = await inject({ method: 'POST', url: '/api/logout', headers: { cookie } });
    expect(out.statusCode).toBe(200);
    const cleared = sessionSetCookie(out);
    expect(cleared).toMatch(/^bm_session=;/);
    expect(attributes(cleared)).toEqual(expect.arrayContaining(['Max-Age=0', 'Path=/', 'HttpOnly']));

    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual({ user: null });
    expect(sessionSetCookie(me)).toMatch(/^bm_session=;.*Max-Age=0/);
    expect((await inject({ method: 'GET', url: '/api/getbeats', headers: { cookie } })).statusCode).toBe(200);

    const needsUser = await inject({ method: 'POST', url: '/api/getuser', headers: { cookie }, payload: { email: user.email } });
    expect(needsUser.statusCode).toBe(401);
    expect(needsUser.json().message).toMatch(/log in again/);
  });

  it('a forged cookie is a visitor too', async () => {
    const res = await inject({ method: 'GET', url: '/api/me', headers: { cookie: 'bm_session=garbage' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ user: null });
  });
});

describe('GET /api/me', () => {
  it('answers { user: null } to a visitor and the same user as /api/getuser to a user', async () => {
    const visitor = await inject({ method: 'GET', url: '/api/me' });
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ user: null });

    const user = await createUser(t, { fullName: 'Me Cookie' });
    const { cookie, token } = await loginCookie(user.email);
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    const getuser = await inject(authed(token, { method: 'POST', url: '/api/getuser', payload: { email: user.email } }));
    expect(me.statusCode).toBe(200);
    expect(me.json()).toEqual(getuser.json());
    expect(me.headers['cache-control']).toBe('private, no-store');
  });

  it('answers an account that must change its password (it is how the web app learns it must)', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const { cookie } = await loginCookie(user.email);
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie } });
    expect(me.json().user).toMatchObject({ _id: user.id, hasPasswordChanged: false });
  });
});

describe('cross-site requests', () => {
  it('refuses a state-changing call with the cookie from another site, by Origin or by Sec-Fetch-Site', async () => {
    const user = await createUser(t);
    const { cookie } = await loginCookie(user.email);
    const forgeries = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.localhost' },
    ];
    for (const headers of forgeries) {
      const res = await inject({ method: 'POST', url: '/api/logout', headers: { cookie, ...headers } });
      expect(res.statusCode, JSON.stringify(headers)).toBe(403);
      expect(res.json()).toEqual({ message: messages.crossSiteRefused });
    }
    // Nothing happened: the session is still on.
    expect((await inject({ method: 'GET', url: '/api/me', headers: { cookie } })).json().user._id).toBe(user.id);
  });

  it('lets the store’s own pages through, bearer calls and reads from anywhere', async () => {
    const user = await createUser(t);
    const { cookie, token } = await loginCookie(user.email);
    const read = await inject({ method: 'GET', url: '/api/me', headers: { cookie, origin: 'https://evil.example', 'sec-fetch-site': 'cross-site' } });
    expect(read.statusCode).toBe(200);
    const bearer = await inject(authed(token, { method: 'POST', url: '/api/getuser', payload: { email: user.email } }));
    expect(bearer.statusCode).toBe(200);
    const bearerWithOrigin = await inject(authed(token, { method: 'POST', url: '/api/getuser', headers: { origin: 'https://evil.example' }, payload: { email: user.email } }));
    expect(bearerWithOrigin.statusCode).toBe(200);
    const sameOrigin = await inject({
      method: 'POST',
      url: '/api/logout',
      headers: { cookie, origin: 'http://localhost:80', 'sec-fetch-site': 'same-origin' },
    });
    expect(sameOrigin.statusCode).toBe(200);
  });

  it('checks against PUBLIC_URL’s origin when it is set', async () => {
    const store = await createTestApp({ env: { PUBLIC_URL: 'https://beats.example.test' } });
    try {
      const user = await createUser(store);
      const login = await store.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password' } });
      const cookie = sessionCookie(login);
      const call = (origin: string) => store.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie, origin } });
      expect((await call('http://localhost:80')).statusCode).toBe(403);
      expect((await call('https://beats.example.test')).statusCode).toBe(200);
    } finally {
      await store.close();
    }
  });

  it('refuses a login posted from another site, and leaves webhooks alone', async () => {
    const user = await createUser(t);
    const forged = await inject({
      method: 'POST',
      url: '/api/login',
      headers: { origin: 'https://evil.example' },
      payload: { email: user.email, password: 'test-password' },
    });
    expect(forged.statusCode).toBe(403);
    const webhook = await inject({
      method: 'POST',
      url: '/webhooks/stripe',
      headers: { cookie: 'bm_session=x', origin: 'https://evil.example', 'content-type': 'application/json' },
      payload: '{}',
    });
    expect(webhook.statusCode).not.toBe(403);
  });
});

describe('POST /login (the form without JavaScript)', () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    inject({
      method: 'POST',
      url: '/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams(fields).toString(),
    });

  it('logs in, sets the cookie and sends the browser on to returnUrl with 303', async () => {
    const user = await createUser(t);
    const res = await form({ email: user.email, password: 'test-password', returnUrl: '/vip?tab=new#top' }, { origin: 'http://localhost:80' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/vip?tab=new#top');
    expect(attributes(sessionSetCookie(res))).toEqual(['HttpOnly', 'Path=/', 'SameSite=Lax']);
    const me = await inject({ method: 'GET', url: '/api/me', headers: { cookie: sessionCookie(res) } });
    expect(me.json().user._id).toBe(user.id);
  });

  it('remembers the session when the box is ticked, and goes to / without a returnUrl', async () => {
    const user = await createUser(t);
    const res = await form({ email: user.email, password: 'test-password', remember: 'on' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
    expect(attributes(sessionSetCookie(res))).toContain(`Max-Age=${30 * 86400}`);
  });

  it.each(['https://evil.example/', '//evil.example/x', '/\\evil.example', 'javascript:alert(1)', 'vip'])(
    'sends an off-site returnUrl (%s) to /',
    async (returnUrl) => {
      const user = await createUser(t);
      const res = await form({ email: user.email, password: 'test-password', returnUrl });
      expect(res.statusCode).toBe(303);
      expect(res.headers.location).toBe('/');
    },
  );

  it('sends a wrong password back to the login page with its code, keeping returnUrl, and sets no session', async () => {
    const user = await createUser(t);
    const res = await form({ email: user.email, password: 'wrong-password', returnUrl: '/favourite' });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/login?error=credentials&returnUrl=%2Ffavourite');
    expect(loginFormErrors.credentials).toBe(messages.invalidCredentials);
    expect(setCookies(res).some((c) => c.startsWith('bm_session='))).toBe(false);
  });

  it('turns the API’s input rules into codes', async () => {
    const missing = await form({ password: 'test-password' });
    expect(missing.headers.location).toBe('/login?error=email-required');
    const short = await form({ email: 'a@b.co', password: 'short' });
    expect(short.headers.location).toBe('/login?error=password-short');
  });

  it('is refused from another site', async () => {
    const user = await createUser(t);
    expectMessageOnly(await form({ email: user.email, password: 'test-password' }, { origin: 'https://evil.example' }), 403, messages.crossSiteRefused);
  });
});
