import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { accountMessages, type User } from '@beat/shared';
import { authed, createUser, loginAs, fileTestApp, signedInUser, userRowOf, expectMessage, expectMessageOnly } from '../../test/helper.js';
import { sessions } from '../../db/schema.js';
import { verifyPassword } from '../auth/passwords.js';
import { settingsMessages } from './account-settings.service.js';

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '50' } });

/** A real 2×2 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4elQCiBggFAA2egdJstQj9gAAAABJRU5ErkJggg==',
  'base64',
);
/** The start of a JPEG (SOI, APP0/JFIF) and its end marker: what the server looks at. */
const JPEG = Buffer.concat([
  Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]),
  Buffer.from('JFIF\0', 'latin1'),
  Buffer.alloc(64, 1),
  Buffer.from([0xff, 0xd9]),
]);
const GIF = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;

const post = (url: string, payload: unknown, token?: string, remoteAddress?: string) =>
  t.app.inject(
    token
      ? authed(token, { method: 'POST', url, payload: payload as object, remoteAddress })
      : { method: 'POST', url, payload: payload as object, remoteAddress },
  );

let n = 0;
const uniqueName = () => `beatmaker_${++n}_${Math.random().toString(36).slice(2, 7)}`;

const userWithToken = (overrides: Parameters<typeof signedInUser>[1] = {}) => signedInUser(t, overrides);

const rowOf = (id: string) => userRowOf(t, id);

describe('POST /api/updateinfo', () => {
  it('updates name, username and picture; the picture is served from a stable public URL', async () => {
    const { user, token } = await userWithToken();
    const username = uniqueName();
    const res = await post('/api/updateinfo', { email: user.email, data: { name: 'Nia Keys', username, profileImage: dataUrl(PNG) } }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json() as { message: string; user: User };
    expect(body.message).toBe(accountMessages.userInfoUpdated);
    expect(body.user).toMatchObject({ fullName: 'Nia Keys', username });
    expect(body.user.profileImage).toMatch(/^\/api\/files\/images\/[0-9a-f-]{36}\.png$/);

    const image = await t.app.inject({ method: 'GET', url: body.user.profileImage! });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toContain('immutable');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    // The avatar everywhere reads it from the user.
    const me = await post('/api/getuser', { email: user.email }, token);
    expect(me.json().user.profileImage).toBe(body.user.profileImage);
  });

  it('keeps the picture when it is sent back as its URL or left out, and replaces (and deletes) it on a new upload', async () => {
    const { user, token } = await userWithToken();
    const first = (await post('/api/updateinfo', { email: user.email, data: { name: 'A', username: uniqueName(), profileImage: dataUrl(PNG) } }, token)).json().user as User;
    const kept = await post('/api/updateinfo', { email: user.email, data: { name: 'B', username: uniqueName(), profileImage: first.profileImage } }, token);
    expect(kept.json().user.profileImage).toBe(first.profileImage);
    const left = await post('/api/updateinfo', { email: user.email, data: { name: 'C', username: uniqueName() } }, token);
    expect(left.statusCode).toBe(200);
    expect(left.json().user.profileImage).toBe(first.profileImage);

    const replaced = (await post('/api/updateinfo', { email: user.email, data: { name: 'D', username: uniqueName(), profileImage: dataUrl(JPEG, 'image/jpeg') } }, token)).json().user as User;
    expect(replaced.profileImage).toMatch(/\.jpg$/);
    expect((await t.app.inject({ method: 'GET', url: replaced.profileImage! })).headers['content-type']).toBe('image/jpeg');
    expect((await t.app.inject({ method: 'GET', url: first.profileImage! })).statusCode).toBe(404);
  });

  it('decides the type by content: a PNG labelled image/jpg is stored as a PNG', async () => {
    const { user, token } = await userWithToken();
    const res = await post('/api/updateinfo', { email: user.email, data: { name: 'A', username: uniqueName(), profileImage: dataUrl(PNG, 'image/jpg') } }, token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.profileImage).toMatch(/\.png$/);
  });

  it.each([
    ['a GIF labelled PNG', dataUrl(GIF, 'image/png')],
    ['a GIF', dataUrl(GIF, 'image/gif')],
    ['text labelled JPEG', dataUrl(Buffer.from('hello, I am not a picture'), 'image/jpeg')],
    ['an SVG', dataUrl(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml')],
    ['a URL of somewhere else', 'https://example.test/me.png'],
    ['not base64', 'data:image/png;base64,@@@'],
  ])('refuses %s with the product’s message and writes nothing', async (_, profileImage) => {
    const { user, token } = await userWithToken({ username: uniqueName() });
    expectMessageOnly(await post('/api/updateinfo', { email: user.email, data: { name: 'Changed', username: uniqueName(), profileImage } }, token), 400, accountMessages.invalidImage);
    const row = await rowOf(user.id);
    expect(row.fullName).toBe(user.fullName);
    expect(row.username).toBe(user.username);
    expect(row.profileImageKey).toBeNull();
  });

  it('refuses a picture over 2 MB with a readable message, and a far bigger body with 413', async () => {
    const { user, token } = await userWithToken();
    const big = Buffer.concat([PNG, Buffer.alloc(2 * 1024 * 1024)]);
    expectMessage(await post('/api/updateinfo', { email: user.email, data: { name: 'A', username: uniqueName(), profileImage: dataUrl(big) } }, token), 400, 'The profile picture must be at most 2 MB.');
    const huge = Buffer.alloc(4 * 1024 * 1024);
    const tooBig = await post('/api/updateinfo', { email: user.email, data: { name: 'A', username: uniqueName(), profileImage: dataUrl(huge) } }, token);
    expect(tooBig.statusCode).toBe(413);
    expect((await rowOf(user.id)).profileImageKey).toBeNull();
  });

  it.each([
    [{ name: 'A', username: 'valid_name', profileImage: '' }, accountMessages.profilePictureRequired],
    [{ username: 'valid_name', profileImage: 'PNG' }, accountMessages.nameRequired],
    [{ name: '  ', username: 'valid_name', profileImage: 'PNG' }, accountMessages.nameRequired],
    [{ name: 'A', profileImage: 'PNG' }, accountMessages.usernameRequired],
    [{ name: 'A', username: '', profileImage: 'PNG' }, accountMessages.usernameRequired],
    [{ name: 'A', username: 'ab', profileImage: 'PNG' }, 'Username must be at least 3 characters'],
    [{ name: 'A', username: 'no spaces here', profileImage: 'PNG' }, 'Username may only use letters, digits, dots, dashes and underscores'],
  ])('refuses %j with a readable 400', async (data, message) => {
    const { user, token } = await userWithToken();
    const payload = { email: user.email, data: { ...data, ...('profileImage' in data && data.profileImage === 'PNG' ? { profileImage: dataUrl(PNG) } : {}) } };
    expectMessageOnly(await post('/api/updateinfo', payload, token), 400, message);
  });

  it('changes name and username of an account without a picture; a replacement chosen without a file is refused', async () => {
    const { user, token } = await userWithToken({ username: uniqueName() });
    expect((await rowOf(user.id)).profileImageKey).toBeNull();
    const username = uniqueName();
    const left = await post('/api/updateinfo', { email: user.email, data: { name: 'Fixed Typo', username } }, token);
    expect(left.statusCode).toBe(200);
    expect(left.json().user).toMatchObject({ fullName: 'Fixed Typo', username, profileImage: null });
    const nulled = await post('/api/updateinfo', { email: user.email, data: { name: 'Fixed Again', username, profileImage: null } }, token);
    expect(nulled.statusCode).toBe(200);
    expect(nulled.json().user).toMatchObject({ fullName: 'Fixed Again', profileImage: null });

    // The user chose to replace the picture and sent no file: the product's message, and nothing written.
    expectMessageOnly(await post('/api/updateinfo', { email: user.email, data: { name: 'Not Saved', username: uniqueName(), profileImage: '' } }, token), 400, 'Profile Picture is required');
    const row = await rowOf(user.id);
    expect(row.fullName).toBe('Fixed Again');
    expect(row.username).toBe(username);
    expect(row.profileImageKey).toBeNull();
  });

  it('refuses a missing data object with a readable 400', async () => {
    const { user, token } = await userWithToken();
    expectMessage(await post('/api/updateinfo', { email: user.email }, token), 400, 'data is required: { name, username, profileImage }');
  });

  it('refuses a username another account has (any case) with 409', async () => {
    const taken = uniqueName();
    await createUser(t, { username: taken });
    const { user, token } = await userWithToken();
    expectMessage(await post('/api/updateinfo', { email: user.email, data: { name: 'A', username: taken.toUpperCase(), profileImage: dataUrl(PNG) } }, token), 409, settingsMessages.usernameTaken);
    expect((await rowOf(user.id)).profileImageKey).toBeNull();
  });

  it('never sets credits, user type or role', async () => {
    const { user, token } = await userWithToken();
    const res = await post(
      '/api/updateinfo',
      { email: user.email, data: { name: 'A', username: uniqueName(), profileImage: dataUrl(PNG), Credits: 99, userType: 'vipUser', isAdmin: true }, Credits: 99, isAdmin: true },
      token,
    );
    expect(res.statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ credits: 0, userType: 'freeUser', isAdmin: false });
  });

  it('answers 401 to visitors and 403 for another account; an admin may update anyone', async () => {
    const { user } = await userWithToken();
    const other = await userWithToken();
    const payload = { email: user.email, data: { name: 'Hacked', username: uniqueName(), profileImage: dataUrl(PNG) } };
    expect((await post('/api/updateinfo', payload)).statusCode).toBe(401);
    expectMessage(await post('/api/updateinfo', payload, other.token), 403, 'You can only access your own account.');
    expect((await rowOf(user.id)).fullName).toBe(user.fullName);
    const admin = await userWithToken({ isAdmin: true });
    expect((await post('/api/updateinfo', payload, admin.token)).statusCode).toBe(200);
    expect((await rowOf(user.id)).fullName).toBe('Hacked');
  });
});

describe('GET /api/files/images/:file', () => {
  it('serves only picture keys, never anything else in storage', async () => {
    await t.deps.storage.put('audio/secret/full.wav', Buffer.from('RIFF'));
    for (const url of [
      '/api/files/images/..%2Faudio%2Fsecret%2Ffull.wav',
      '/api/files/images/not-a-uuid.png',
      '/api/files/images/00000000-0000-0000-0000-000000000000.gif',
      '/api/files/audio/secret/full.wav',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
    }
    expectMessage(await t.app.inject({ method: 'GET', url: '/api/files/images/00000000-0000-0000-0000-000000000000.png' }), 404, 'This file is not available.');
  });
});

describe('POST /api/changePassword', () => {
  it('changes the password, ends every session (others and the caller’s) and answers the caller a new token', async () => {
    const user = await createUser(t, { hasPasswordChanged: false });
    const token = await loginAs(t, user);
    const otherDevice = await loginAs(t, user);
    const res = await post('/api/changePassword', { email: user.email, password: 'test-password', newPassword: 'new-password-1' }, token);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.message).toBe(accountMessages.passwordChanged);
    expect(body.user.hasPasswordChanged).toBe(true);
    expect(body.token).toMatch(/^ey/);

    for (const old of [token, otherDevice]) {
      expect((await post('/api/getuser', { email: user.email }, old)).statusCode).toBe(401);
    }
    expect((await post('/api/getuser', { email: user.email }, body.token)).statusCode).toBe(200);
    const row = await rowOf(user.id);
    expect(await verifyPassword(row.passwordHash, 'new-password-1')).toBe(true);
    expect(row.hasPasswordChanged).toBe(true);
    const live = await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(live.filter((s) => !s.revokedAt)).toHaveLength(1);
  });

  it('keeps "Remember me" on the new session', async () => {
    const user = await createUser(t);
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: user.email, password: 'test-password', remember: true } });
    const res = await post('/api/changePassword', { email: user.email, password: 'test-password', newPassword: 'new-password-2' }, login.json().token);
    expect(res.statusCode).toBe(200);
    const live = (await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).filter((s) => !s.revokedAt);
    expect(live.map((s) => s.remember)).toEqual([true]);
  });

  it('refuses a wrong current password with a clear 400 and changes nothing', async () => {
    const { user, token } = await userWithToken();
    expectMessageOnly(await post('/api/changePassword', { email: user.email, password: 'not-my-password', newPassword: 'new-password-3' }, token), 400, settingsMessages.wrongCurrentPassword);
    expect((await rowOf(user.id)).passwordHash).toBe(user.passwordHash);
    expect((await post('/api/getuser', { email: user.email }, token)).statusCode).toBe(200);
  });

  it('refuses the same password as the new one', async () => {
    const { user, token } = await userWithToken();
    expectMessage(await post('/api/changePassword', { email: user.email, password: 'test-password', newPassword: 'test-password' }, token), 400, settingsMessages.samePassword);
  });

  it.each([
    [{ newPassword: 'new-password' }, accountMessages.currentPasswordRequired],
    [{ password: '', newPassword: 'new-password' }, accountMessages.currentPasswordRequired],
    [{ password: 'test-password' }, accountMessages.newPasswordRequired],
    [{ password: 'test-password', newPassword: '' }, accountMessages.newPasswordRequired],
    [{ password: 'test-password', newPassword: 'short' }, accountMessages.passwordTooShortLong],
  ])('refuses %j with a readable 400', async (fields, message) => {
    const { user, token } = await userWithToken();
    expectMessageOnly(await post('/api/changePassword', { email: user.email, ...fields }, token), 400, message);
  });

  it('answers 401 to visitors and 403 for another account', async () => {
    const { user } = await userWithToken();
    const other = await userWithToken();
    const payload = { email: user.email, password: 'test-password', newPassword: 'taken-over-1' };
    expect((await post('/api/changePassword', payload)).statusCode).toBe(401);
    expect((await post('/api/changePassword', payload, other.token)).statusCode).toBe(403);
    expect((await rowOf(user.id)).passwordHash).toBe(user.passwordHash);
  });
});

describe('password change limits', () => {
  it('stops guessing the current password after 10 wrong ones an hour, even when the right one comes', async () => {
    const { user, token } = await userWithToken();
    for (let i = 0; i < 10; i++) {
      const res = await post('/api/changePassword', { email: user.email, password: `guess-${i}-pass`, newPassword: 'new-password-4' }, token, `10.3.0.${i + 1}`);
      expect(res.statusCode).toBe(400);
    }
    const right = await post('/api/changePassword', { email: user.email, password: 'test-password', newPassword: 'new-password-4' }, token);
    expect(right.statusCode).toBe(429);
    expect(right.json().message).toMatch(/^Too many wrong current passwords\. Please try again in \d+ minutes\.$/);
  });
});
