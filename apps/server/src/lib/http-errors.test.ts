/** Every kind of broken multipart body is the client's to fix: a 400 (413 for a file over its size) with a message, nothing stored. */
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { beats } from '../db/schema.js';
import { authed, createUser, loginAs, fileTestApp, expectMessageOnly } from '../test/helper.js';
import { fixtureMp3, validBeatFields } from '../modules/admin/admin-test-kit.js';

let admin: string;

const t = fileTestApp();
beforeAll(async () => {
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
});

const BOUNDARY = 'form-boundary-7MA4YWxk';
const field = (name: string, value: string) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
const fileHead = (name: string, filename: string) =>
  `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"; filename="${filename}"\r\nContent-Type: audio/mpeg\r\n\r\n`;
const end = `--${BOUNDARY}--\r\n`;
const fields = Object.entries(validBeatFields())
  .map(([name, value]) => field(name, value))
  .join('');

async function stored(): Promise<{ beats: number; uploads: number; tags: number }> {
  const [row] = await t.deps.db.select({ n: count() }).from(beats);
  const files = (folder: string) => readdir(path.join(t.dataDir, 'files', folder)).catch(() => [] as string[]);
  return { beats: row?.n ?? 0, uploads: (await files('audio/uploads')).length, tags: (await files('audio/tags')).length };
}

const beatUpload = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/beats', headers: { 'content-type': contentType }, payload }));
const tagUpload = (payload: string | Buffer, contentType = `multipart/form-data; boundary=${BOUNDARY}`) =>
  t.app.inject(authed(admin, { method: 'PUT', url: '/api/admin/store-settings/tag', headers: { 'content-type': contentType }, payload }));

describe('multipart errors', () => {
  const cases: [string, () => ReturnType<typeof beatUpload>, string][] = [
    [
      'a beat upload without a boundary',
      () => beatUpload(fields + end, 'multipart/form-data'),
      'The multipart/form-data body has no boundary: send it as a browser sends a FormData.',
    ],
    [
      'a tag upload without a boundary',
      () => tagUpload(`${fileHead('tagFile', 'tag.mp3')}abc\r\n${end}`, 'multipart/form-data'),
      'The multipart/form-data body has no boundary: send it as a browser sends a FormData.',
    ],
    ['a body that is not multipart at all', () => beatUpload('this is not a form'), 'The form data is malformed or ended before it was complete.'],
    [
      'a beat upload cut short inside its MP3',
      () => beatUpload(Buffer.concat([Buffer.from(fields + fileHead('mp3File', 'a.mp3')), fixtureMp3().subarray(0, 4000)])),
      'The form data is malformed or ended before it was complete.',
    ],
    [
      'a tag upload cut short inside its file',
      () => tagUpload(Buffer.concat([Buffer.from(fileHead('tagFile', 'tag.mp3')), fixtureMp3().subarray(0, 4000)])),
      'The form data is malformed or ended before it was complete.',
    ],
    [
      'too many fields',
      () => beatUpload(Array.from({ length: 21 }, (_, i) => field(`extra${i}`, 'x')).join('') + end),
      'The form has too many fields.',
    ],
    [
      'too many files',
      () => beatUpload(fields + Array.from({ length: 4 }, () => `${fileHead('mp3File', '')}\r\n`).join('') + end),
      'The form has too many files.',
    ],
    ['a field over the size limit', () => beatUpload(field('beatTitle', 'x'.repeat(5000)) + end), 'beatTitle is too long.'],
    [
      'a boundary that is too long',
      () => beatUpload(fields.replaceAll(BOUNDARY, 'b'.repeat(300)) + `--${'b'.repeat(300)}--\r\n`, `multipart/form-data; boundary=${'b'.repeat(300)}`),
      'The multipart/form-data boundary is not valid.',
    ],
  ];

  it.each(cases)('%s: 400 with a message, nothing stored', async (_name, send, message) => {
    const before = await stored();
    expectMessageOnly(await send(), 400, message);
    expect(await stored()).toEqual(before);
  });
});
