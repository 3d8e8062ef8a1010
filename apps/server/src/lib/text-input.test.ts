/** The text input rule (docs/product/limits.md#text-input): NUL and half surrogate pairs are refused with a 400 everywhere, valid Unicode passes. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { auditLog, beats, checkouts, mailOutbox, otpCodes, purchases, sessions, users } from '../db/schema.js';
import { authed, createUser, loginAs, fileTestApp, expectMessage, expectMessageOnly } from '../test/helper.js';
import { fixtureMp3, multipart, validBeatFields } from '../modules/admin/admin-test-kit.js';
import { readBeatForm, type FormPart } from '../modules/admin/beat-uploads.js';
import { assertSafeText, unsafeTextMessage } from './text-input.js';

let userToken: string;
let adminToken: string;
let userEmail: string;

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '50' } });
beforeAll(async () => {
  const user = await createUser(t, { fullName: 'Original Name', username: 'original_name', profileImageKey: 'images/original.png' });
  userEmail = user.email;
  userToken = await loginAs(t, user);
  adminToken = await loginAs(t, await createUser(t, { isAdmin: true }));
});

/** Rows in every table a refused call could have written to. */
async function writtenRows(): Promise<Record<string, number>> {
  const tables = { users, sessions, otpCodes, mailOutbox, beats, checkouts, purchases, auditLog };
  const counts: Record<string, number> = {};
  for (const [name, table] of Object.entries(tables)) {
    const [row] = await t.deps.db.select({ n: count() }).from(table);
    counts[name] = row?.n ?? 0;
  }
  counts.uploads = (await readdir(path.join(t.dataDir, 'files', 'audio', 'uploads')).catch(() => [])).length;
  return counts;
}

const NUL = 'a\u0000b';
const LONE = 'a\ud800b';

/** Each call as the fuzzer sent it, with the bad text in one field; `field` is what the message must name. */
const calls: [string, string, (bad: string) => Promise<InjectOptions>][] = [
  ['catalog search', 'q', async (bad) => ({ method: 'GET', url: `/api/beats?q=${encodeURIComponent(bad)}` })],
  ['admin user search', 'q', async (bad) => authed(adminToken, { method: 'GET', url: `/api/admin/users?q=${encodeURIComponent(bad)}` })],
  ['admin beat search', 'q', async (bad) => authed(adminToken, { method: 'GET', url: `/api/admin/beats?q=${encodeURIComponent(bad)}` })],
  ['sign-up', 'fullName', async (bad) => ({ method: 'POST', url: '/api/signup', payload: { fullName: bad, email: 'fresh@example.test', password: 'longenough' } })],
  ['login', 'email', async (bad) => ({ method: 'POST', url: '/api/login', payload: { email: `${bad}@example.test`, password: 'test-password' } })],
  ['recovery code request', 'email', async (bad) => ({ method: 'POST', url: '/sendotp', payload: { email: `${bad}@example.test` } })],
  ['profile update', 'data.name', async (bad) => authed(userToken, { method: 'POST', url: '/api/updateinfo', payload: { email: userEmail, data: { name: bad, username: 'original_name' } } })],
  ['checkout confirm', 'sessionId', async (bad) => authed(userToken, { method: 'POST', url: '/api/checkout/confirm', payload: { sessionId: bad } })],
  ['dev outbox', 'to', async (bad) => ({ method: 'GET', url: `/dev/mail?to=${encodeURIComponent(bad)}` })],
  ['dev outbox JSON', 'to', async (bad) => ({ method: 'GET', url: `/dev/mail.json?to=${encodeURIComponent(bad)}` })],
  ['route parameter', 'beatId', async (bad) => authed(adminToken, { method: 'GET', url: `/api/admin/beats/${encodeURIComponent(bad)}` })],
  ['public route parameter', 'beatId', async (bad) => ({ method: 'GET', url: `/api/beats/${encodeURIComponent(bad)}/waveform` })],
  [
    'admin beat upload field',
    'beatTitle',
    async (bad) =>
      authed(adminToken, {
        method: 'POST',
        url: '/api/admin/beats',
        ...(await multipart(validBeatFields({ beatTitle: bad }), [{ name: 'mp3File', filename: 'a.mp3', data: fixtureMp3() }])),
      }),
  ],
  [
    'admin beat upload file name',
    'The file name of mp3File',
    async (bad) =>
      authed(adminToken, {
        method: 'POST',
        url: '/api/admin/beats',
        ...(await multipart(validBeatFields(), [{ name: 'mp3File', filename: `${bad}.mp3`, data: fixtureMp3() }])),
      }),
  ],
  [
    'store tag upload file name',
    'The file name of tagFile',
    async (bad) =>
      authed(adminToken, {
        method: 'PUT',
        url: '/api/admin/store-settings/tag',
        ...(await multipart({}, [{ name: 'tagFile', filename: `${bad}.mp3`, data: fixtureMp3() }])),
      }),
  ],
];

describe('NUL in any text input', () => {
  it.each(calls)('%s: 400 naming %s, nothing written', async (_name, field, request) => {
    const before = await writtenRows();
    expectMessageOnly(await t.app.inject(await request(NUL)), 400, `${field} must not contain control characters such as NUL.`);
    expect(await writtenRows()).toEqual(before);
  });
});

describe('half a surrogate pair', () => {
  // JSON can carry one as an escape (\ud800); every JSON call refuses it by name.
  const jsonCalls = calls.filter(([name]) => ['sign-up', 'login', 'recovery code request', 'profile update', 'checkout confirm'].includes(name));
  it.each(jsonCalls)('%s (JSON): 400 naming %s, nothing written', async (_name, field, request) => {
    const before = await writtenRows();
    expectMessageOnly(await t.app.inject(await request(LONE)), 400, `${field} must be valid Unicode text (it holds half of a surrogate pair).`);
    expect(await writtenRows()).toEqual(before);
  });

  // A URL cannot carry one: its only spelling is invalid UTF-8. In a path the router refuses it; in a
  // query string it is kept as written (%ED%A0%80), which is plain text.
  it('in a URL: a path is refused, a query string searches the text as written', async () => {
    expectMessage(await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/beats/a%ED%A0%80b' })), 400, 'The address is not valid: part of it is not correctly percent-encoded.');
    for (const url of ['/api/beats?q=a%ED%A0%80b', '/api/admin/users?q=a%ED%A0%80b', '/dev/mail.json?to=a%ED%A0%80b']) {
      const res = await t.app.inject(authed(adminToken, { method: 'GET', url }));
      expect(res.statusCode, url).toBe(200);
    }
  });

  // A multipart body is UTF-8 too (busboy decodes a broken sequence to U+FFFD); a reader handed one is still refused.
  it('in a form field handed to the beat form reader', async () => {
    async function* parts(): AsyncGenerator<FormPart> {
      yield { type: 'field', fieldname: 'beatTitle', value: LONE };
    }
    await expect(readBeatForm(t.deps, parts())).rejects.toMatchObject({
      status: 400,
      message: 'beatTitle must be valid Unicode text (it holds half of a surrogate pair).',
    });
  });
});

describe('valid Unicode passes', () => {
  const names = ['Zoë Ångström', '山田 太郎', 'Иван Петров', 'Maya 🎧🔥', 'Cafe\u0301 Noir', 'עברית', '👩🏽‍🎤 Star'];

  it.each(names)('sign-up with the name %s', async (name) => {
    const email = `u${Math.random().toString(36).slice(2, 9)}@example.test`;
    const res = await t.app.inject({ method: 'POST', url: '/api/signup', payload: { fullName: name, email, password: 'longenough' } });
    expect(res.statusCode).toBe(201);
    const [stored] = await t.deps.db.select().from(users).where(eq(users.email, email));
    expect(stored!.fullName).toBe(name);
  });

  it('profile name, catalog and admin searches, outbox filter and a beat title', async () => {
    const profile = await t.app.inject(
      authed(userToken, { method: 'POST', url: '/api/updateinfo', payload: { email: userEmail, data: { name: '李 Мария 🎹', username: 'original_name' } } }),
    );
    expect(profile.statusCode, profile.body).toBe(200);
    expect(profile.json().user.fullName).toBe('李 Мария 🎹');
    for (const url of ['/api/beats?q=', '/api/admin/users?q=', '/api/admin/beats?q=', '/dev/mail.json?to=']) {
      const res = await t.app.inject(authed(adminToken, { method: 'GET', url: `${url}${encodeURIComponent('😀 夜 Ночь e\u0301')}` }));
      expect(res.statusCode, url).toBe(200);
    }
    const upload = await t.app.inject(
      authed(adminToken, {
        method: 'POST',
        url: '/api/admin/beats',
        ...(await multipart(validBeatFields({ beatTitle: 'Ночь 夜 🌙' }), [{ name: 'mp3File', filename: 'ночь 🌙.mp3', data: fixtureMp3() }])),
      }),
    );
    expect(upload.statusCode).toBe(201);
    expect(upload.json().beat.beatTitle).toBe('Ночь 夜 🌙');
  });
});

describe('the rule itself', () => {
  it('names the path of nested values and keys, and accepts what is valid', () => {
    expect(unsafeTextMessage({ items: [{ title: 'ok' }, { title: NUL }] }, '')).toBe('items.1.title must not contain control characters such as NUL.');
    expect(unsafeTextMessage({ data: { [NUL]: 1 } }, '')).toBe('A field name in data must not contain control characters such as NUL.');
    expect(unsafeTextMessage(LONE, '')).toBe('The request body must be valid Unicode text (it holds half of a surrogate pair).');
    expect(unsafeTextMessage({ a: ['😀', 'e\u0301', '\ud83d\ude00', 1, null, true] }, '')).toBeNull();
    expect(() => assertSafeText('x\u0000', 'q')).toThrow('q must not contain control characters such as NUL.');
  });

  it('walks deep nesting without overflowing', () => {
    let deep: unknown = NUL;
    for (let i = 0; i < 30_000; i++) deep = [deep];
    expect(unsafeTextMessage(deep, '')).toMatch(/must not contain control characters such as NUL\.$/);
  });
});
