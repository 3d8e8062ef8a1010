/** Free downloads for an e-mail address (docs/product/free-downloads.md): request, e-mail, link, consent, unsubscribe, limits, Leads. */
import { randomBytes } from 'node:crypto';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { messages, type LeadsPage } from '@beat/shared';
import { auditLog, beats, freeDownloadLeads, mailOutbox, type BeatRow } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, fileTestApp, expectMessageOnly } from '../../test/helper.js';
import { frozenClock } from '../../test/frozen-clock.js';
import { fixtureMp3, multipart, validBeatFields } from '../admin/admin-test-kit.js';
import { freeDownloadLimits } from './free-downloads.service.js';

const clock = frozenClock(new Date('2026-07-01T10:00:00Z'));
const tagged = randomBytes(3000);
const clean = randomBytes(5000);
let free: BeatRow;
let paid: BeatRow;
/** Logged in again where needed: the test clock runs past a session's 12 hours. */
const adminToken = () => loginAs(t, { email: 'leads-admin@example.test' });
let ip = 0;
/** Each test asks from its own client address unless it tests that limit. */
const nextAddress = () => `203.0.113.${(ip += 1)}`;

const ask = (beatId: string, payload: object, remoteAddress = nextAddress()) =>
  t.app.inject({ method: 'POST', url: `/api/beats/${beatId}/free-download`, payload, remoteAddress });

async function mailTo(email: string) {
  return t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
}

/** The download and unsubscribe links of the newest e-mail to `email`, as paths. */
async function linksIn(email: string) {
  const [mail] = await mailTo(email);
  expect(mail, `no e-mail to ${email}`).toBeDefined();
  const download = /https:\/\/beats\.example(\/api\/free-downloads\/[\w-]+)/.exec(mail!.text)?.[1];
  const unsubscribe = /https:\/\/beats\.example(\/api\/unsubscribe\/[\w-]+)/.exec(mail!.text)?.[1];
  expect(mail!.html).toContain(`https://beats.example${download}`);
  expect(mail!.html).toContain(`https://beats.example${unsubscribe}`);
  return { download: download!, unsubscribe: unsubscribe!, mail: mail! };
}

async function leadOf(email: string) {
  const [lead] = await t.deps.db.select().from(freeDownloadLeads).where(eq(freeDownloadLeads.email, email)).orderBy(desc(freeDownloadLeads.createdAt));
  return lead!;
}

const t = fileTestApp({ clock, env: { PUBLIC_URL: 'https://beats.example' } });
beforeAll(async () => {
  await t.deps.storage.put('audio/free/preview.mp3', tagged);
  await t.deps.storage.put('audio/free/clean.mp3', clean);
  free = await createBeat(t, { title: 'Gift Of Sound', freeDownload: true, previewKey: 'audio/free/preview.mp3', mp3Key: 'audio/free/clean.mp3' });
  paid = await createBeat(t, { title: 'Costs Money', previewKey: 'audio/free/preview.mp3', mp3Key: 'audio/free/clean.mp3' });
  await createUser(t, { isAdmin: true, email: 'leads-admin@example.test' });
});
beforeEach(() => {
  clock.advance(60_000);
});

describe('asking for a free download', () => {
  it('answers 202 with a readable message, stores the lead and queues one e-mail with a 24-hour link to the tagged MP3', async () => {
    const res = await ask(free.id, { email: '  Ada@Example.TEST ', consent: true });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toEqual({ message: 'Check your inbox: we sent a download link to ada@example.test. It works for 24 hours.' });
    const lead = await leadOf('ada@example.test');
    expect(lead).toMatchObject({ beatId: free.id, consent: true, confirmedAt: null, unsubscribedAt: null });
    const { download, mail } = await linksIn('ada@example.test');
    expect(mail.subject).toBe('Your free download: Gift Of Sound');
    expect(mail.text).toContain('following the link also confirms that');

    const file = await t.app.inject({ method: 'GET', url: download });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('audio/mpeg');
    expect(file.headers['content-disposition']).toContain('Gift Of Sound (tagged).mp3');
    // The tagged preview, never the clean file that is sold.
    expect(file.rawPayload.equals(tagged)).toBe(true);
    expect(file.rawPayload.equals(clean)).toBe(false);
    // Following the link confirms the consent (double opt-in).
    expect((await leadOf('ada@example.test')).confirmedAt).toEqual(clock.now());
  });

  it('streams with Range support, without a login, and a HEAD confirms nothing', async () => {
    await ask(free.id, { email: 'range@example.test', consent: true });
    const { download } = await linksIn('range@example.test');
    const head = await t.app.inject({ method: 'HEAD', url: download });
    expect(head.statusCode).toBe(200);
    expect((await leadOf('range@example.test')).confirmedAt).toBeNull();
    const part = await t.app.inject({ method: 'GET', url: download, headers: { range: 'bytes=100-199' } });
    expect(part.statusCode).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 100-199/${tagged.length}`);
    expect(part.rawPayload.equals(tagged.subarray(100, 200))).toBe(true);
  });

  it('without consent sends the file all the same, and following the link joins nothing', async () => {
    const res = await ask(free.id, { email: 'noconsent@example.test' });
    expect(res.statusCode).toBe(202);
    const { download, mail } = await linksIn('noconsent@example.test');
    expect(mail.text).not.toContain('confirms');
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(200);
    expect(await leadOf('noconsent@example.test')).toMatchObject({ consent: false, confirmedAt: null });
  });

  it('a link lasts 24 hours (the test clock), then answers 403 with a readable message', async () => {
    await ask(free.id, { email: 'late@example.test', consent: true });
    const { download } = await linksIn('late@example.test');
    clock.advance(24 * 60 * 60_000 - 2_000);
    expect((await t.app.inject({ method: 'GET', url: download, headers: { range: 'bytes=0-9' } })).statusCode).toBe(206);
    // That follow confirmed; an expired link then changes nothing.
    await t.deps.db.update(freeDownloadLeads).set({ confirmedAt: null }).where(eq(freeDownloadLeads.email, 'late@example.test'));
    clock.advance(2_000);
    expectMessageOnly(await t.app.inject({ method: 'GET', url: download }), 403, 'This download link has expired: links last 24 hours. Ask for the free download again on the beat’s page.');
    expect((await leadOf('late@example.test')).confirmedAt).toBeNull();
  });

  it('refuses an altered or made-up link', async () => {
    await ask(free.id, { email: 'forger@example.test' });
    const { download } = await linksIn('forger@example.test');
    const altered = `${download.slice(0, -3)}${download.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    for (const url of [altered, '/api/free-downloads/made-up']) {
      expectMessageOnly(await t.app.inject({ method: 'GET', url }), 403, 'This download link is not valid.');
    }
  });

  it('refuses a beat that is not free (400) or not in the store (404), readably, and keeps nothing', async () => {
    expectMessageOnly(await ask(paid.id, { email: 'nofree@example.test', consent: true }), 400, 'This beat is not offered as a free download.');
    const hidden = await createBeat(t, { freeDownload: true, published: false });
    expectMessageOnly(await ask(hidden.id, { email: 'nofree@example.test' }), 404, 'This beat is not available.');
    expect(await mailTo('nofree@example.test')).toEqual([]);
    expect(await t.deps.db.select().from(freeDownloadLeads).where(eq(freeDownloadLeads.email, 'nofree@example.test'))).toEqual([]);
  });

  it('answers 400 with a readable message to bad input', async () => {
    const cases: Array<[object, string]> = [
      [{}, messages.emailRequired],
      [{ email: 'not-an-address' }, messages.emailInvalid],
      [{ email: 'ok@example.test', consent: 'yes' }, 'consent must be true or false'],
    ];
    for (const [payload, message] of cases) {
      const res = await ask(free.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json()).toEqual({ message });
    }
    expectMessageOnly(await t.app.inject({ method: 'POST', url: '/api/beats/not-a-uuid/free-download', payload: { email: 'a@example.test' } }), 400, 'beatId is not a valid id');
  });
});

describe('unsubscribing', () => {
  it('works without a login from the e-mailed link, stops all further mail, and the request then answers a readable refusal', async () => {
    await ask(free.id, { email: 'leaving@example.test', consent: true });
    const { unsubscribe, download } = await linksIn('leaving@example.test');
    const page = await t.app.inject({ method: 'GET', url: unsubscribe });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('leaving@example.test');
    // Opening the page (a mail scanner) unsubscribes nobody; its button does.
    expect((await leadOf('leaving@example.test')).unsubscribedAt).toBeNull();
    const done = await t.app.inject({
      method: 'POST',
      url: unsubscribe,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: '',
    });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('You are unsubscribed');
    expect((await leadOf('leaving@example.test')).unsubscribedAt).toEqual(clock.now());
    // Following the download link later confirms nothing.
    expect((await t.app.inject({ method: 'GET', url: download })).statusCode).toBe(200);
    expect((await leadOf('leaving@example.test')).confirmedAt).toBeNull();

    const other = await createBeat(t, { freeDownload: true, previewKey: 'audio/free/preview.mp3' });
    const again = await ask(other.id, { email: 'Leaving@example.test', consent: true });
    expect(again.statusCode).toBe(409);
    expect((again.json() as { message: string }).message).toMatch(/^This e-mail address has unsubscribed from Beat Market e-mails/);
    expect(await mailTo('leaving@example.test')).toHaveLength(1);
  });

  it('refuses a made-up unsubscribe link with a readable page', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/unsubscribe/made-up' });
    expect(res.statusCode).toBe(403);
    expect(res.body).toContain('This unsubscribe link is not valid.');
  });
});

describe('limits', () => {
  it('one request per address and beat a day: the second answers 429 with a readable message and sends nothing', async () => {
    expect((await ask(free.id, { email: 'twice@example.test' })).statusCode).toBe(202);
    clock.advance(60 * 60_000);
    const second = await ask(free.id, { email: 'twice@example.test', consent: true });
    expect(second.statusCode).toBe(429);
    expect(second.json()).toEqual({
      message: 'This address already asked for this beat today: check your inbox (and the spam folder) for the link, or ask again in 23 hours.',
    });
    expect(Number(second.headers['retry-after'])).toBe(23 * 3600);
    expect(await mailTo('twice@example.test')).toHaveLength(1);
    // Another beat is another request; the same beat a day later too.
    const other = await createBeat(t, { freeDownload: true, previewKey: 'audio/free/preview.mp3' });
    expect((await ask(other.id, { email: 'twice@example.test' })).statusCode).toBe(202);
    clock.advance(23 * 60 * 60_000);
    expect((await ask(free.id, { email: 'twice@example.test' })).statusCode).toBe(202);
  });

  it('limits requests per client address and per e-mail address', async () => {
    const address = '198.51.100.77';
    const { max } = freeDownloadLimits.perAddress;
    for (let i = 0; i < max; i += 1) {
      const beat = await createBeat(t, { freeDownload: true, previewKey: 'audio/free/preview.mp3' });
      expect((await ask(beat.id, { email: `crowd-${i}@example.test` }, address)).statusCode).toBe(202);
    }
    const refused = await ask(free.id, { email: 'crowd-last@example.test' }, address);
    expect(refused.statusCode).toBe(429);
    expect((refused.json() as { message: string }).message).toMatch(/^Too many free download requests from this address\. Please try again in/);

    for (let i = 0; i < freeDownloadLimits.perEmail.max; i += 1) {
      const beat = await createBeat(t, { freeDownload: true, previewKey: 'audio/free/preview.mp3' });
      expect((await ask(beat.id, { email: 'greedy@example.test' })).statusCode).toBe(202);
    }
    const greedy = await ask(free.id, { email: 'greedy@example.test' });
    expect(greedy.statusCode).toBe(429);
    expect((greedy.json() as { message: string }).message).toMatch(/^Too many free download requests for this e-mail address/);
  });
});

describe('the admin side', () => {
  it('marks a beat free through the beat form, and the beat DTO shows it', async () => {
    const form = await multipart({ ...validBeatFields(), freeDownload: 'true' }, [{ name: 'mp3File', filename: 'a.mp3', data: fixtureMp3() }]);
    const res = await t.app.inject(authed(await adminToken(), { method: 'POST', url: '/api/admin/beats', ...form }));
    expect(res.statusCode, res.body).toBe(201);
    const { beat } = res.json() as { beat: { _id: string; freeDownload: boolean } };
    expect(beat.freeDownload).toBe(true);
    const [row] = await t.deps.db.select().from(beats).where(eq(beats.id, beat._id));
    expect(row!.freeDownload).toBe(true);
    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, beat._id));
    expect(audit!.after).toMatchObject({ freeDownload: true });
    const bad = await multipart({ ...validBeatFields(), freeDownload: 'maybe' }, [{ name: 'mp3File', filename: 'a.mp3', data: fixtureMp3() }]);
    expectMessageOnly(await t.app.inject(authed(await adminToken(), { method: 'POST', url: '/api/admin/beats', ...bad })), 400, 'Free download must be true or false');

    const listed = await t.app.inject({ method: 'GET', url: `/api/beats/slug/${free.slug}` });
    expect(listed.statusCode).toBe(200);
    expect(JSON.stringify(listed.json())).toContain('"freeDownload":true');
  });

  it('lists leads newest first with keyset paging, and exports them as CSV', async () => {
    const page1 = await t.app.inject(authed(await adminToken(), { method: 'GET', url: '/api/admin/leads?pageSize=2' }));
    expect(page1.statusCode).toBe(200);
    const first = page1.json() as LeadsPage;
    expect(first.leads).toHaveLength(2);
    expect(first.total).toBeGreaterThan(10);
    expect(first.nextCursor).not.toBeNull();
    const page2 = (
      await t.app.inject(authed(await adminToken(), { method: 'GET', url: `/api/admin/leads?pageSize=2&page=2&cursor=${first.nextCursor}` }))
    ).json() as LeadsPage;
    const all = [...first.leads, ...page2.leads];
    const times = all.map((l) => l.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
    expect(new Set(all.map((l) => l.id)).size).toBe(4);

    const everything = (await t.app.inject(authed(await adminToken(), { method: 'GET', url: '/api/admin/leads?pageSize=100' }))).json() as LeadsPage;
    const ada = everything.leads.find((l) => l.email === 'ada@example.test');
    expect(ada).toMatchObject({ beatTitle: 'Gift Of Sound', consent: true, state: 'confirmed' });
    expect(everything.leads.find((l) => l.email === 'noconsent@example.test')?.state).toBe('no-consent');
    expect(everything.leads.find((l) => l.email === 'late@example.test')?.state).toBe('awaiting-confirmation');
    expect(everything.leads.find((l) => l.email === 'leaving@example.test')?.state).toBe('unsubscribed');

    expectMessageOnly(await t.app.inject(authed(await adminToken(), { method: 'GET', url: '/api/admin/leads?cursor=nonsense' })), 400, 'cursor is not valid');

    const csv = await t.app.inject(authed(await adminToken(), { method: 'GET', url: '/api/admin/leads.csv' }));
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="beat-market-leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Email,Beat,Requested at (UTC),Consent,State,Confirmed at (UTC),Unsubscribed at (UTC)');
    expect(lines).toHaveLength(everything.total + 1);
    expect(lines.find((l) => l.startsWith('ada@example.test,'))).toMatch(/^ada@example\.test,Gift Of Sound,2026-07-01 \d\d:\d\d:\d\d,yes,Confirmed,2026-07-01 /);
    expect(lines.find((l) => l.startsWith('noconsent@example.test,'))).toContain(',no,No consent,,');
  });
});
