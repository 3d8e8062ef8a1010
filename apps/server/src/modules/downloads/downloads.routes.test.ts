/**
 * Signed download links: who gets one, what fetching it delivers, and every way a link is refused. The link is
 * the credential (docs/product/entitlements.md#download-links): every fetch here sends no Authorization header.
 */
import { randomBytes } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { DownloadLink } from '@beat/shared';
import { downloads, entitlements, sessions, type BeatRow, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, fixedClock, loginAs, fileTestApp, expectMessage } from '../../test/helper.js';
import { codeIn, waitForMail } from '../accounts/accounts-test-support.js';
import { ownerPreviewLink } from '../beats/preview-links.js';

const clock = fixedClock(new Date('2026-03-01T12:00:00Z'));
let owner: UserRow;
let ownerToken: string;
let stranger: UserRow;
let strangerToken: string;
let beat: BeatRow;
const mp3 = randomBytes(4000);
const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVE'), randomBytes(6000)]);
const zip = Buffer.concat([Buffer.from('PK\x03\x04'), randomBytes(2000)]);

const t = fileTestApp({ clock, env: { RATE_LIMIT_SCALE: '1000' } });
beforeAll(async () => {
  await t.deps.storage.put('audio/dl/full.mp3', mp3);
  await t.deps.storage.put('audio/dl/full.wav', wav);
  await t.deps.storage.put('stems/dl/stems.zip', zip);
  owner = await createUser(t);
  stranger = await createUser(t, { userType: 'vipUser' });
  ownerToken = await loginAs(t, owner);
  strangerToken = await loginAs(t, stranger);
  beat = await createBeat(t, {
    title: 'Midnight: "Rain" / Remix',
    mp3Key: 'audio/dl/full.mp3',
    wavKey: 'audio/dl/full.wav',
    stemsKey: 'stems/dl/stems.zip',
  });
  await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: beat.id, source: 'exclusive' });
});

async function linkFor(b: Pick<BeatRow, 'id'>, fileType: string, token = ownerToken, userId = owner.id) {
  return t.app.inject(authed(token, { method: 'POST', url: '/api/download', payload: { beatId: b.id, userId, fileType } }));
}

async function newLink(fileType: 'mp3' | 'wav' | 'stems', b: Pick<BeatRow, 'id'> = beat, token = ownerToken, userId = owner.id) {
  const res = await linkFor(b, fileType, token, userId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as DownloadLink;
}

/** Fetches a link as a browser saving it does: a plain GET, no login header. */
const fetchLink = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

const sessionOf = (token: string) => (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }).sid;

async function downloadRows(userId: string) {
  return t.deps.db.select().from(downloads).where(eq(downloads.userId, userId));
}

describe('POST /api/download and fetching the link', () => {
  it('answers a link for one user, beat and file type that expires within 5 minutes', async () => {
    const link = await newLink('wav');
    expect(link.url).toMatch(/^\/api\/download\/[\w-]{96}$/);
    const ttl = new Date(link.expiresAt).getTime() - clock.now().getTime();
    expect(ttl).toBeGreaterThan(4 * 60_000);
    expect(ttl).toBeLessThanOrEqual(5 * 60_000);
    expect(link.fileName).toBe('Midnight Rain Remix.wav');
  });

  it('streams each file with its type, an attachment named after the title, and records the download', async () => {
    const before = (await downloadRows(owner.id)).length;
    for (const [fileType, bytes, type, ext] of [
      ['mp3', mp3, 'audio/mpeg', 'mp3'],
      ['wav', wav, 'audio/wav', 'wav'],
      ['stems', zip, 'application/zip', 'zip'],
    ] as const) {
      const res = await fetchLink((await newLink(fileType)).url);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe(type);
      expect(res.headers['content-disposition']).toBe(
        `attachment; filename="Midnight Rain Remix.${ext}"; filename*=UTF-8''Midnight%20Rain%20Remix.${ext}`,
      );
      expect(res.headers['content-length']).toBe(String(bytes.length));
      expect(res.headers['cache-control']).toBe('private, no-store');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
      expect(res.headers['accept-ranges']).toBe('bytes');
      expect(res.rawPayload.equals(bytes)).toBe(true);
    }
    const rows = await downloadRows(owner.id);
    expect(rows.length - before).toBe(3);
    expect(rows.slice(-3).map((r) => [r.beatId, r.fileType])).toEqual([
      [beat.id, 'mp3'],
      [beat.id, 'wav'],
      [beat.id, 'stems'],
    ]);
  });

  it('answers Range requests (206, 416), counting a resumed transfer only once', async () => {
    const { url } = await newLink('wav');
    const before = (await downloadRows(owner.id)).length;
    const first = await fetchLink(url, { range: 'bytes=0-11' });
    expect(first.statusCode).toBe(206);
    expect(first.headers['content-range']).toBe(`bytes 0-11/${wav.length}`);
    expect(first.headers['content-length']).toBe('12');
    expect(first.rawPayload.subarray(8, 12).toString()).toBe('WAVE');
    const rest = await fetchLink(url, { range: 'bytes=12-' });
    expect(rest.statusCode).toBe(206);
    expect(rest.headers['content-range']).toBe(`bytes 12-${wav.length - 1}/${wav.length}`);
    expect(rest.rawPayload.equals(wav.subarray(12))).toBe(true);
    const tail = await fetchLink(url, { range: 'bytes=-100' });
    expect(tail.statusCode).toBe(206);
    expect(tail.rawPayload.equals(wav.subarray(-100))).toBe(true);
    for (const range of [`bytes=${wav.length}-`, `bytes=${wav.length + 10}-20000`, 'bytes=-0']) {
      const beyond = await fetchLink(url, { range });
      expect(beyond.statusCode, range).toBe(416);
      expect(beyond.headers['content-range']).toBe(`bytes */${wav.length}`);
    }
    expect((await downloadRows(owner.id)).length - before).toBe(1);
  });

  it('answers HEAD with the file\'s headers only, and a HEAD is no download', async () => {
    const { url } = await newLink('stems');
    const before = (await downloadRows(owner.id)).length;
    const head = await t.app.inject({ method: 'HEAD', url });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(zip.length));
    expect(head.headers['accept-ranges']).toBe('bytes');
    expect(head.headers['content-disposition']).toMatch(/^attachment; /);
    expect(head.rawPayload.length).toBe(0);
    expect((await downloadRows(owner.id)).length).toBe(before);
  });

  it('resumes an interrupted download into the identical file, and restarts it when the file changed (If-Range)', async () => {
    const { url } = await newLink('stems');
    const whole = await fetchLink(url);
    expect(whole.statusCode).toBe(200);
    const etag = whole.headers.etag as string;
    expect(etag).toBeTruthy();
    // The transfer broke after 777 bytes: the browser asks for the rest of the same file.
    const resumed = await fetchLink(url, { range: 'bytes=777-', 'if-range': etag });
    expect(resumed.statusCode).toBe(206);
    expect(resumed.headers['content-range']).toBe(`bytes 777-${zip.length - 1}/${zip.length}`);
    expect(Buffer.concat([whole.rawPayload.subarray(0, 777), resumed.rawPayload]).equals(zip)).toBe(true);
    // A validator of another version of the file: the whole file again, never a splice of two files.
    const changed = await fetchLink(url, { range: 'bytes=777-', 'if-range': '"0-0"' });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers['content-length']).toBe(String(zip.length));
    expect(changed.rawPayload.equals(zip)).toBe(true);
  });

  it('refuses an expired link', async () => {
    const { url } = await newLink('mp3');
    clock.advance(5 * 60_000 + 1000);
    try {
      expectMessage(await fetchLink(url), 403, 'This download link has expired. Please start the download again.');
    } finally {
      clock.advance(-(5 * 60_000 + 1000));
    }
    // Within its time it works.
    clock.advance(4 * 60_000);
    try {
      expect((await fetchLink(url)).statusCode).toBe(200);
    } finally {
      clock.advance(-4 * 60_000);
    }
  });

  it('refuses an altered link: another file type, beat, user or expiry, a forged signature, garbage', async () => {
    const { url } = await newLink('mp3');
    const bytes = Buffer.from(url.split('/').pop()!, 'base64url');
    const uuidBytes = (id: string) => Buffer.from(id.replace(/-/g, ''), 'hex');
    const other = await createBeat(t, { mp3Key: 'audio/dl/full.mp3' });
    const alter = (change: (b: Buffer) => void) => {
      const copy = Buffer.from(bytes);
      change(copy);
      expect(copy.equals(bytes)).toBe(false);
      return `/api/download/${copy.toString('base64url')}`;
    };
    const variants = [
      alter((b) => b.writeUInt8(1, 33)), // mp3 → wav
      alter((b) => uuidBytes(other.id).copy(b, 17)),
      alter((b) => uuidBytes(stranger.id).copy(b, 1)),
      alter((b) => b.writeUInt32BE(b.readUInt32BE(34) + 3600, 34)),
      alter((b) => b.writeUInt8(b.readUInt8(40) ^ 1, 40)), // another session
      alter((b) => b.writeUInt8(b.readUInt8(b.length - 1) ^ 1, b.length - 1)),
    ];
    // The stranger may download this beat (VIP), so only the signature can refuse the variant naming them.
    for (const url of variants) {
      const res = await fetchLink(url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe('This download link is not valid.');
      expect(res.headers['referrer-policy']).toBe('no-referrer');
    }
    expect((await fetchLink('/api/download/garbage')).statusCode).toBe(403);
    expect((await fetchLink(`/api/download/${bytes.subarray(0, 40).toString('base64url')}`)).statusCode).toBe(403);
    expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('is the credential: it delivers its own file without a login, whatever login header comes with it', async () => {
    const { url } = await newLink('mp3');
    const bare = await fetchLink(url);
    expect(bare.statusCode).toBe(200);
    expect(bare.rawPayload.equals(mp3)).toBe(true);
    // Another account's header neither adds nor takes away a right: the link still names the owner's MP3 only.
    const withTheirs = await fetchLink(url, { authorization: `Bearer ${strangerToken}` });
    expect(withTheirs.statusCode).toBe(200);
    expect(withTheirs.rawPayload.equals(mp3)).toBe(true);
    const rows = await downloadRows(stranger.id);
    expect(rows.filter((r) => r.beatId === beat.id && r.fileType === 'mp3')).toEqual([]);
  });

  it('is single-purpose: a download link is no preview grant or login, and a preview grant downloads nothing', async () => {
    await t.deps.storage.put('audio/dl/preview.mp3', randomBytes(1500));
    // Deleted: no public preview, only its owner's grant plays it.
    const gone = await createBeat(t, { previewKey: 'audio/dl/preview.mp3', mp3Key: 'audio/dl/full.mp3', deletedAt: clock.now(), published: false });
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: gone.id, source: 'exclusive' });
    const preview = ownerPreviewLink(t.deps.config.tokenSecret, clock, gone, sessionOf(ownerToken))!;
    expect((await fetchLink(preview)).statusCode).toBe(200);
    const grant = new URL(preview, 'http://store.test').searchParams.get('grant')!;
    const { url } = await newLink('mp3', gone);
    const token = url.split('/').pop()!;

    for (const notALink of [grant, grant.split('.')[2]!, ownerToken.slice(0, 96)]) {
      const res = await fetchLink(`/api/download/${encodeURIComponent(notALink)}`);
      expect(res.statusCode, notALink).toBe(403);
      expect(res.json().message).toBe('This download link is not valid.');
    }
    // A whole login token is longer than any link: refused before it is read.
    const login = await fetchLink(`/api/download/${ownerToken}`);
    expect(login.statusCode).toBe(414);
    expect(login.json().message).toEqual(expect.any(String));
    expect((await fetchLink(`/api/stream/${gone.id}?grant=${token}`)).statusCode).toBe(404);
    const asLogin = await t.app.inject(authed(token, { method: 'POST', url: '/api/download', payload: { beatId: gone.id, userId: owner.id, fileType: 'mp3' } }));
    expect(asLogin.statusCode).toBe(401);
    expect((await fetchLink(url)).statusCode).toBe(200);
  });

  it('checks the entitlement: 403 for files not unlocked, 404 for files the beat does not have', async () => {
    const leaseUser = await createUser(t);
    const token = await loginAs(t, leaseUser);
    await t.deps.db.insert(entitlements).values({ userId: leaseUser.id, beatId: beat.id, source: 'lease' });
    expect((await linkFor(beat, 'mp3', token, leaseUser.id)).statusCode).toBe(200);
    expectMessage(await linkFor(beat, 'wav', token, leaseUser.id), 403, 'You have not unlocked the WAV of this beat. Unlock or buy it to download.');
    expect((await linkFor(beat, 'stems', token, leaseUser.id)).statusCode).toBe(403);

    const bare = await createBeat(t, { mp3Key: 'audio/dl/full.mp3', wavKey: null, stemsKey: null });
    expectMessage(await linkFor(bare, 'stems', strangerToken, stranger.id), 404, 'Stems are not available for this beat, sorry');
    expect((await linkFor(bare, 'wav', strangerToken, stranger.id)).json().message).toBe('This beat has no WAV file.');
    expect((await linkFor(bare, 'mp3', strangerToken, stranger.id)).statusCode).toBe(200);
  });

  it('checks again when the link is fetched (a right lost since is refused)', async () => {
    const user = await createUser(t);
    const token = await loginAs(t, user);
    await t.deps.db.insert(entitlements).values({ userId: user.id, beatId: beat.id, source: 'lease' });
    const { url } = await newLink('mp3', beat, token, user.id);
    expect((await fetchLink(url)).statusCode).toBe(200);
    await t.deps.db.delete(entitlements).where(eq(entitlements.userId, user.id));
    expectMessage(await fetchLink(url), 403, 'You have not unlocked the MP3 of this beat. Unlock or buy it to download.');
  });

  it('keeps a deleted beat downloadable for its owner, but not through VIP', async () => {
    const gone = await createBeat(t, { mp3Key: 'audio/dl/full.mp3', wavKey: 'audio/dl/full.wav', published: false, deletedAt: clock.now() });
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: gone.id, source: 'credit' });
    const res = await fetchLink((await newLink('wav', gone)).url);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload.equals(wav)).toBe(true);
    expect((await linkFor(gone, 'mp3', strangerToken, stranger.id)).statusCode).toBe(403);
  });

  it('answers 401 to visitors, 403 for another user id (admins included), 400 for bad input, 404 for unknown beats', async () => {
    const visitor = await t.app.inject({ method: 'POST', url: '/api/download', payload: { beatId: beat.id, userId: owner.id, fileType: 'mp3' } });
    expect(visitor.statusCode).toBe(401);
    expectMessage(await linkFor(beat, 'mp3', strangerToken, owner.id), 403, 'You can only download files for your own account.');
    const admin = await createUser(t, { isAdmin: true });
    expect((await linkFor(beat, 'mp3', await loginAs(t, admin), owner.id)).statusCode).toBe(403);
    expectMessage(await linkFor(beat, 'flac'), 400, 'fileType must be mp3, wav or stems');
    const badId = await linkFor({ id: 'nope' }, 'mp3');
    expect(badId.json().message).toBe('beatId is not a valid id');
    expect((await linkFor({ id: '00000000-0000-4000-8000-000000000000' }, 'mp3')).statusCode).toBe(404);
  });
});

describe('a link ends with the session that made it', () => {
  async function ownerWithTwoSessions() {
    const user = await createUser(t);
    await t.deps.db.insert(entitlements).values({ userId: user.id, beatId: beat.id, source: 'lease' });
    return { user, laptop: await loginAs(t, user), phone: await loginAs(t, user) };
  }
  const sessionEnded = 'This download link ended with the session that made it. Please start the download again.';

  it('works until the session that made it logs out; another session of the account is not ended', async () => {
    const { user, laptop, phone } = await ownerWithTwoSessions();
    const { url } = await newLink('mp3', beat, laptop, user.id);
    const phoneLink = (await newLink('mp3', beat, phone, user.id)).url;
    expect((await fetchLink(url)).statusCode).toBe(200);
    const logout = await t.app.inject(authed(laptop, { method: 'POST', url: '/api/logout' }));
    expect(logout.statusCode).toBe(200);
    for (const headers of [{}, { authorization: `Bearer ${phone}` }] as Record<string, string>[]) {
      expectMessage(await fetchLink(url, headers), 403, sessionEnded);
    }
    // The link the phone made lives on with the phone's session.
    expect((await fetchLink(phoneLink)).statusCode).toBe(200);
  });

  it('ends at a password change, even fetched with the new token', async () => {
    const { user, laptop } = await ownerWithTwoSessions();
    const { url } = await newLink('mp3', beat, laptop, user.id);
    const change = await t.app.inject(
      authed(laptop, { method: 'POST', url: '/api/changePassword', payload: { email: user.email, password: 'test-password', newPassword: 'changed-password' } }),
    );
    expect(change.statusCode).toBe(200);
    expectMessage(await fetchLink(url, { authorization: `Bearer ${change.json().token as string}` }), 403, sessionEnded);
  });

  it('ends at a password reset by e-mailed code, even fetched after logging in again', async () => {
    const { user, laptop } = await ownerWithTwoSessions();
    const { url } = await newLink('mp3', beat, laptop, user.id);
    const post = (path: string, payload: object) => t.app.inject({ method: 'POST', url: path, payload });
    expect((await post('/sendotp', { email: user.email })).statusCode).toBe(200);
    const verified = await post('/verifyotp', { email: user.email, otp: codeIn(await waitForMail(t, user.email)) });
    expect(verified.statusCode).toBe(200);
    const reset = await post('/api/changenewpassword', { email: user.email, newPassword: 'reset-password', resetToken: verified.json().resetToken });
    expect(reset.statusCode).toBe(200);
    expectMessage(await fetchLink(url, { authorization: `Bearer ${await loginAs(t, user, 'reset-password')}` }), 403, sessionEnded);
  });

  it('ends when its session expires, within the link’s own 5 minutes', async () => {
    const { user, laptop } = await ownerWithTwoSessions();
    const { url } = await newLink('mp3', beat, laptop, user.id);
    await t.deps.db.update(sessions).set({ expiresAt: new Date(clock.now().getTime() + 60_000) }).where(eq(sessions.id, sessionOf(laptop)));
    expect((await fetchLink(url)).statusCode).toBe(200);
    clock.advance(2 * 60_000);
    try {
      expectMessage(await fetchLink(url), 403, sessionEnded);
    } finally {
      clock.advance(-2 * 60_000);
    }
  });
});

describe('GET /api/beats/{beatId}/files/{fileType} (the DTO links)', () => {
  it('redirects the owner to a fresh signed link that delivers the file (the redirect needs the login, the link does not)', async () => {
    const res = await t.app.inject(authed(ownerToken, { method: 'GET', url: `/api/beats/${beat.id}/files/stems` }));
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(/^\/api\/download\//);
    const file = await fetchLink(res.headers.location as string);
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.equals(zip)).toBe(true);
  });

  it('refuses visitors (401), users without the right (403) and unknown file types (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/beats/${beat.id}/files/mp3` })).statusCode).toBe(401);
    const user = await createUser(t);
    const refused = await t.app.inject(authed(await loginAs(t, user), { method: 'GET', url: `/api/beats/${beat.id}/files/wav` }));
    expect(refused.statusCode).toBe(403);
    expect((await t.app.inject(authed(ownerToken, { method: 'GET', url: `/api/beats/${beat.id}/files/exe` }))).statusCode).toBe(400);
  });

  it('names the protected routes in the beat DTO', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/getbeats' });
    const dto = (res.json() as { beats: { _id: string; mp3FileLink: string; wavFileLink: string; zipFileLink: string }[] }).beats.find(
      (b) => b._id === beat.id,
    )!;
    expect([dto.mp3FileLink, dto.wavFileLink, dto.zipFileLink]).toEqual([
      `/api/beats/${beat.id}/files/mp3`,
      `/api/beats/${beat.id}/files/wav`,
      `/api/beats/${beat.id}/files/stems`,
    ]);
  });
});
