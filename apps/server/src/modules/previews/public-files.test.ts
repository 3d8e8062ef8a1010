/**
 * No public path responds with a sold file. Every GET route is called the way anyone could — without a
 * signed link, as a visitor and as a user who owns nothing — and each response's bytes are compared
 * with every sold file (MP3, WAV, stems) of a few beats, published, unpublished, sold and deleted.
 */
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { AdminBeat } from '@beat/shared';
import { beats, entitlements, purchases } from '../../db/schema.js';
import { authed, createUser, fixedClock, loginAs, routesOf, fileTestApp } from '../../test/helper.js';
import { multipart, validBeatFields, type FilePart } from '../admin/admin-test-kit.js';
import { runJobsUntilIdle } from '../../jobs/job-worker.js';
import { encodeTestMp3, makeTestBeat } from '../../audio/test-support.js';
import { zipFiles } from '../../seed/audio/zip.js';
import { previewJobHandlers } from './previews.jobs.js';

const clock = fixedClock(new Date('2026-06-01T12:00:00Z'));
let admin: string;
let nobody: string;
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
const soldHashes = new Map<string, string>();
const beatIds: Record<'published' | 'unpublished' | 'sold' | 'deleted', string> = { published: '', unpublished: '', sold: '', deleted: '' };

async function addBeat(title: string, seed: number, fields: Record<string, string> = {}): Promise<string> {
  const audio = makeTestBeat(12, { seed, channels: 2 });
  const mp3 = await encodeTestMp3(audio.wav, 192);
  const stems = zipFiles({ 'drums.wav': makeTestBeat(3, { seed: seed + 1 }).wav, 'bass.wav': makeTestBeat(3, { seed: seed + 2 }).wav });
  const files: FilePart[] = [
    { name: 'mp3File', filename: 'a.mp3', data: mp3 },
    { name: 'wavFile', filename: 'a.wav', data: audio.wav },
    { name: 'stemsFile', filename: 'a.zip', data: stems },
  ];
  const res = await t.app.inject(authed(admin, { method: 'POST', url: '/api/admin/beats', ...(await multipart(validBeatFields({ beatTitle: title, ...fields }), files)) }));
  expect(res.statusCode).toBe(201);
  for (const [kind, data] of [['mp3', mp3], ['wav', audio.wav], ['stems', stems]] as const) soldHashes.set(sha(data), `${title} ${kind}`);
  return (res.json() as { beat: AdminBeat }).beat._id;
}

const t = fileTestApp({ clock });
beforeAll(async () => {
  admin = await loginAs(t, await createUser(t, { isAdmin: true }));
  nobody = await loginAs(t, await createUser(t));
  beatIds.published = await addBeat('Open Beat', 1);
  beatIds.unpublished = await addBeat('Draft Beat', 11);
  beatIds.sold = await addBeat('Sold Exclusive', 21, { beatType: 'Exclusive', price: '300', countdownEndTime: '2026-07-01T00:00:00.000Z' });
  beatIds.deleted = await addBeat('Gone Beat', 31);
  await runJobsUntilIdle(t.deps, previewJobHandlers(t.deps), { log: t.log });
  await t.app.inject(authed(admin, { method: 'POST', url: `/api/admin/beats/${beatIds.unpublished}/unpublish` }));
  await t.app.inject(authed(admin, { method: 'DELETE', url: `/api/admin/beats/${beatIds.deleted}` }));
  await t.deps.db.update(beats).set({ soldAt: clock.now() }).where(eq(beats.id, beatIds.sold));
});

/** Every GET route of the app, from Fastify's own route table. */
const getRoutes = () => routesOf(t.app).filter((r) => r.startsWith('GET ')).map((r) => r.slice(4));

function fill(route: string, beatId: string, fileType: string): string {
  return route
    .replace(':beatId', beatId)
    .replace(':fileType', fileType)
    .replace(/:userId/, '00000000-0000-4000-8000-000000000000')
    .replace(/:\w+/g, 'x')
    .replace('*', 'x');
}

describe('no public path answers a sold file', () => {
  it('walks every GET route for every beat, file type and caller, and never meets a sold file', async () => {
    const routes = getRoutes();
    expect(routes).toContain('/api/stream/:beatId');
    expect(routes).toContain('/api/beats/:beatId/waveform');
    expect(routes).toContain('/api/beats/:beatId/files/:fileType');
    let calls = 0;
    let bytesSeen = 0;
    for (const route of routes) {
      for (const beatId of Object.values(beatIds)) {
        for (const fileType of ['mp3', 'wav', 'stems']) {
          for (const query of ['', '?v=x', '?grant=9999999999.forged']) {
            for (const caller of [null, nobody]) {
              const options = { method: 'GET' as const, url: fill(route, beatId, fileType) + query, headers: { range: 'bytes=0-' } };
              const res = await t.app.inject(caller ? authed(caller, options) : options);
              calls += 1;
              bytesSeen += res.rawPayload.length;
              const found = soldHashes.get(sha(res.rawPayload));
              expect(found, `${options.url} answered ${found}`).toBeUndefined();
            }
          }
        }
      }
    }
    expect(calls).toBeGreaterThan(500);
    expect(bytesSeen).toBeGreaterThan(100_000); // the previews themselves were served and compared
  });

  it('has no public preview for an unpublished, deleted or sold beat; its owner still plays the sold one', async () => {
    for (const id of [beatIds.unpublished, beatIds.deleted, beatIds.sold]) {
      expect((await t.app.inject({ method: 'GET', url: `/api/stream/${id}` })).statusCode).toBe(404);
      expect((await t.app.inject({ method: 'GET', url: `/api/beats/${id}/waveform` })).statusCode).toBe(404);
    }
    expect((await t.app.inject({ method: 'GET', url: `/api/stream/${beatIds.published}` })).statusCode).toBe(200);

    const owner = await createUser(t);
    const [purchase] = await t.deps.db
      .insert(purchases)
      .values({ userId: owner.id, buyerEmail: owner.email, buyerName: owner.fullName, sessionType: 'exclusive', kind: 'exclusive', beatId: beatIds.sold, title: 'Sold Exclusive', priceCents: 30000, provider: 'test' })
      .returning();
    await t.deps.db.insert(entitlements).values({ userId: owner.id, beatId: beatIds.sold, source: 'exclusive', purchaseId: purchase!.id });
    const ownedLink = async (token: string) => {
      const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/getpurchasedExclusivebeats', payload: { email: owner.email } }));
      const [owned] = (res.json() as { beats: { _id: string; streamingMp3FileLink: string }[] }).beats;
      expect(owned!._id).toBe(beatIds.sold);
      return owned!.streamingMp3FileLink;
    };
    const play = (url: string) => t.app.inject({ method: 'GET', url });
    const token = await loginAs(t, owner);
    const link = await ownedLink(token);
    expect(link).toMatch(/grant=/);
    const played = await play(link);
    expect(played.statusCode).toBe(200);
    expect(soldHashes.has(sha(played.rawPayload))).toBe(false);
    // The grant names this beat only…
    expect((await play(link.replace(beatIds.sold, beatIds.unpublished))).statusCode).toBe(404);
    // …ends with the session that asked for it…
    expect((await t.app.inject(authed(token, { method: 'POST', url: '/api/logout' }))).statusCode).toBe(200);
    expect((await play(link)).statusCode).toBe(404);
    // …and after 12 hours, even while its session lasts (Remember me).
    const remembered = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: owner.email, password: 'test-password', remember: true } });
    const lasting = await ownedLink(remembered.json().token as string);
    expect((await play(lasting)).statusCode).toBe(200);
    const [expires, sessionId, signature] = new URL(lasting, 'http://x').searchParams.get('grant')!.split('.');
    const otherSession = sessionId!.replace(/^./, (c) => (c === 'a' ? 'b' : 'a'));
    expect((await play(lasting.replace(`${expires}.${sessionId}.${signature}`, `${expires}.${otherSession}.${signature}`))).statusCode).toBe(404);
    clock.advance(13 * 3600_000);
    expect((await play(lasting)).statusCode).toBe(404);
  });
});
