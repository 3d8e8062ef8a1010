import { describe, expect, it } from 'vitest';
import { accountMessages } from '@beat/shared';
import { authed, createBeat, createUser, loginAs, fileTestApp, expectMessageOnly } from '../../test/helper.js';

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '50' } });

const call = (token: string, method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject(authed(token, { method, url, payload }));

describe('an account that must change its password (hasPasswordChanged false)', () => {
  it('may only read itself, change its password, log out and record session time until it does', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const other = await createUser(t);
    const beat = await createBeat(t);
    const token = await loginAs(t, user);

    const me = await call(token, 'POST', '/api/getuser', { email: user.email });
    expect(me.statusCode).toBe(200);
    expect(me.json().user.hasPasswordChanged).toBe(false);
    expect((await call(token, 'POST', '/api/getuser', { email: other.email })).statusCode).toBe(403);
    expect((await call(token, 'POST', '/api/update-session-time', { userId: user.id, sessionDuration: 5 })).statusCode).toBe(200);

    const refused = [
      await call(token, 'GET', `/api/favorites/${user.id}`),
      await call(token, 'POST', '/api/favorites', { userId: user.id, beatId: beat.id }),
      await call(token, 'POST', '/api/updateinfo', { email: user.email, data: { name: 'A', username: 'abc' } }),
      await call(token, 'POST', '/api/play', { userId: user.id, beatId: beat.id, playbackTime: 30 }),
    ];
    for (const res of refused) {
      expectMessageOnly(res, 403, accountMessages.passwordChangeRequired);
    }

    const changed = await call(token, 'POST', '/api/changePassword', { email: user.email, password: 'test-password', newPassword: 'my-own-password' });
    expect(changed.statusCode).toBe(200);
    const fresh = changed.json().token as string;
    expect((await call(fresh, 'GET', `/api/favorites/${user.id}`)).statusCode).toBe(200);
    expect((await call(fresh, 'POST', '/api/logout')).statusCode).toBe(200);
  });

  it('may log out before changing it', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const token = await loginAs(t, user);
    expect((await call(token, 'POST', '/api/logout')).statusCode).toBe(200);
    expect((await call(token, 'POST', '/api/getuser', { email: user.email })).statusCode).toBe(401);
  });

  it('still browses the public catalog as a visitor would', async () => {
    await createUser(t, { hasPasswordChanged: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/beats' })).statusCode).toBe(200);
  });
});
