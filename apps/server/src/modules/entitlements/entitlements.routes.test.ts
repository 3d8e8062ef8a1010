/** GET /api/checkCreditDownload, GET /api/entitlements/{userId}/{beatId} and POST /api/reduce-credits on a fresh database (PGlite or the PostgreSQL server). */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { downloadMessages } from '@beat/shared';
import { creditSpends, entitlements, users, type BeatRow, type UserRow } from '../../db/schema.js';
import { authed, createBeat, createUser, loginAs, fileTestApp, signedInWithOther, expectMessage } from '../../test/helper.js';

let admin: UserRow;
let adminToken: string;

const t = fileTestApp({ env: { RATE_LIMIT_SCALE: '1000' } });
beforeAll(async () => {
  admin = await createUser(t, { isAdmin: true });
  adminToken = await loginAs(t, admin);
});

const withFiles = (overrides: Partial<BeatRow> = {}) =>
  createBeat(t, { wavKey: 'audio/test/full.wav', stemsKey: 'stems/test.zip', ...overrides });

async function check(user: Pick<UserRow, 'id'>, beat: Pick<BeatRow, 'id'>, token: string, route = '/api/checkCreditDownload') {
  return t.app.inject(authed(token, { method: 'GET', url: `${route}/${user.id}/${beat.id}` }));
}

async function unlock(email: string, beatId: string, token: string) {
  return t.app.inject(authed(token, { method: 'POST', url: '/api/reduce-credits', payload: { email, beatId } }));
}

async function creditsOf(userId: string): Promise<number> {
  const [row] = await t.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, userId));
  return row!.credits;
}

describe('GET /api/checkCreditDownload/{userId}/{beatId} and GET /api/entitlements/{userId}/{beatId}', () => {
  it('answers the allow flags of every row of the entitlement table; nothing held is a 404 for the one, all-false for the other', async () => {
    const cases: { setup: Partial<UserRow>; source?: 'lease' | 'credit' | 'stems' | 'exclusive'; beat?: Partial<BeatRow>; expected: object | 404 }[] = [
      { setup: {}, source: 'lease', expected: { isAllowDownload: true, isAllowStems: false, rights: { mp3: true, wav: false, stems: false } } },
      { setup: {}, source: 'credit', expected: { isAllowDownload: true, isAllowStems: false, rights: { mp3: true, wav: true, stems: false } } },
      { setup: { userType: 'vipUser' }, expected: { isAllowDownload: true, isAllowStems: false, rights: { mp3: true, wav: true, stems: false } } },
      { setup: {}, source: 'stems', expected: { isAllowDownload: false, isAllowStems: true, rights: { mp3: false, wav: false, stems: true } } },
      {
        setup: {},
        source: 'exclusive',
        beat: { beatType: 'Exclusive', soldAt: new Date() },
        expected: { isAllowDownload: true, isAllowStems: true, rights: { mp3: true, wav: true, stems: true } },
      },
      { setup: { isStemsAvailable: true }, expected: { isAllowDownload: false, isAllowStems: true, rights: { mp3: false, wav: false, stems: true } } },
      { setup: { isStemsAvailable: true }, beat: { stemsKey: null }, expected: 404 },
      { setup: { userType: 'vipUser' }, beat: { beatType: 'Exclusive', priceCents: 30000 }, expected: 404 },
      { setup: { userType: 'invitedUser', credits: 3 }, expected: 404 },
    ];
    for (const c of cases) {
      const user = await createUser(t, c.setup);
      const beat = await withFiles(c.beat);
      if (c.source) await t.deps.db.insert(entitlements).values({ userId: user.id, beatId: beat.id, source: c.source });
      const token = await loginAs(t, user);
      const res = await check(user, beat, token);
      const web = await check(user, beat, token, '/api/entitlements');
      expect(web.statusCode, JSON.stringify(c)).toBe(200);
      if (c.expected === 404) {
        expect(res.statusCode, JSON.stringify(c)).toBe(404);
        expect(res.json().message).toBe('Beat not found in user downloads');
        expect(web.json()).toEqual({ isAllowDownload: false, isAllowStems: false, rights: { mp3: false, wav: false, stems: false } });
      } else {
        expect(res.statusCode, JSON.stringify(c)).toBe(200);
        expect(res.json()).toEqual(c.expected);
        expect(web.json()).toEqual(c.expected);
      }
    }
  });

  it('keeps a deleted beat downloadable for its owner', async () => {
    const user = await createUser(t);
    const beat = await withFiles({ published: false, deletedAt: new Date() });
    await t.deps.db.insert(entitlements).values({ userId: user.id, beatId: beat.id, source: 'credit' });
    const res = await check(user, beat, await loginAs(t, user));
    expect(res.json()).toMatchObject({ isAllowDownload: true, rights: { mp3: true, wav: true } });
  });

  it('answers 401 to visitors, 403 for another user, 400 for bad ids, 404 for unknown beats; admins may check anyone', async () => {
    const { me, other, token } = await signedInWithOther(t, {}, { userType: 'vipUser' });
    const beat = await withFiles();
    expect((await t.app.inject({ method: 'GET', url: `/api/checkCreditDownload/${me.id}/${beat.id}` })).statusCode).toBe(401);
    expectMessage(await check(other, beat, token), 403, 'You can only access your own account.');
    expectMessage(await t.app.inject(authed(token, { method: 'GET', url: `/api/checkCreditDownload/${me.id}/nope` })), 400, 'beatId is not a valid id');
    expectMessage(await check(me, { id: '00000000-0000-4000-8000-000000000000' }, token), 404, 'This beat does not exist.');
    const asAdmin = await check(other, beat, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().isAllowDownload).toBe(true);

    // The web app's spelling of the check guards the same way.
    const web = (userId: string, beatId: string, as?: string) =>
      t.app.inject(as ? authed(as, { method: 'GET', url: `/api/entitlements/${userId}/${beatId}` }) : { method: 'GET', url: `/api/entitlements/${userId}/${beatId}` });
    expect((await web(me.id, beat.id)).statusCode).toBe(401);
    expect((await web(other.id, beat.id, token)).statusCode).toBe(403);
    expect((await web(me.id, 'nope', token)).json()).toEqual({ message: 'beatId is not a valid id' });
    expect((await web(me.id, '00000000-0000-4000-8000-000000000000', token)).json()).toEqual({ message: 'This beat does not exist.' });
    expect((await web(other.id, beat.id, adminToken)).json().isAllowDownload).toBe(true);
  });
});

describe('GET /api/entitlements/{userId}', () => {
  it("lists the beats the user holds by purchase or unlock, with what each allows, and only the caller's own", async () => {
    const { me, other, token } = await signedInWithOther(t, { credits: 1 });
    const leased = await withFiles();
    const stems = await withFiles();
    const deleted = await withFiles({ published: false, deletedAt: new Date() });
    await t.deps.db.insert(entitlements).values([
      { userId: me.id, beatId: leased.id, source: 'lease' },
      { userId: me.id, beatId: stems.id, source: 'stems' },
      { userId: me.id, beatId: deleted.id, source: 'exclusive' },
      { userId: other.id, beatId: leased.id, source: 'credit' },
    ]);
    const unlocked = await withFiles();
    expect((await unlock(me.email, unlocked.id, token)).statusCode).toBe(200);
    const res = await t.app.inject(authed(token, { method: 'GET', url: `/api/entitlements/${me.id}` }));
    expect(res.statusCode).toBe(200);
    const byId = new Map((res.json().beats as { beatId: string }[]).map((b) => [b.beatId, b]));
    expect(byId.size).toBe(4);
    expect(byId.get(leased.id)).toEqual({ beatId: leased.id, mp3: true, wav: false, stems: false });
    expect(byId.get(stems.id)).toEqual({ beatId: stems.id, mp3: false, wav: false, stems: true });
    expect(byId.get(deleted.id)).toEqual({ beatId: deleted.id, mp3: true, wav: true, stems: true });
    expect(byId.get(unlocked.id)).toEqual({ beatId: unlocked.id, mp3: true, wav: true, stems: false });

    expect((await t.app.inject({ method: 'GET', url: `/api/entitlements/${me.id}` })).statusCode).toBe(401);
    expect((await t.app.inject(authed(token, { method: 'GET', url: `/api/entitlements/${other.id}` }))).statusCode).toBe(403);
    expect((await t.app.inject(authed(token, { method: 'GET', url: '/api/entitlements/nope' }))).json().message).toBe('userId is not a valid id');
  });
});

describe('POST /api/reduce-credits', () => {
  it('spends one credit to unlock mp3 and wav for good; unlocking again costs nothing', async () => {
    const user = await createUser(t, { userType: 'invitedUser', credits: 3 });
    const token = await loginAs(t, user);
    const beat = await withFiles({ title: 'Night Drive' });
    expect((await check(user, beat, token)).statusCode).toBe(404);

    const res = await unlock(user.email, beat.id, token);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Night Drive unlocked', Credits: 2, alreadyUnlocked: false });
    expect(await creditsOf(user.id)).toBe(2);
    expect((await check(user, beat, token)).json()).toEqual({
      isAllowDownload: true,
      isAllowStems: false,
      rights: { mp3: true, wav: true, stems: false },
    });
    const spends = await t.deps.db.select().from(creditSpends).where(eq(creditSpends.userId, user.id));
    expect(spends).toHaveLength(1);
    expect(spends[0]).toMatchObject({ beatId: beat.id, credits: 1 });

    const again = await unlock(user.email, beat.id, token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ message: 'Night Drive is already unlocked', Credits: 2, alreadyUnlocked: true });
    expect(await creditsOf(user.id)).toBe(2);
    expect(await t.deps.db.select().from(creditSpends).where(eq(creditSpends.userId, user.id))).toHaveLength(1);
  });

  it('costs nothing for a VIP member (already unlocked) and a lease holder pays to add the wav', async () => {
    const vip = await createUser(t, { userType: 'vipUser', credits: 2 });
    const beat = await withFiles();
    const res = await unlock(vip.email, beat.id, await loginAs(t, vip));
    expect(res.json()).toMatchObject({ Credits: 2, alreadyUnlocked: true });

    const leaseHolder = await createUser(t, { credits: 1 });
    await t.deps.db.insert(entitlements).values({ userId: leaseHolder.id, beatId: beat.id, source: 'lease' });
    const paid = await unlock(leaseHolder.email, beat.id, await loginAs(t, leaseHolder));
    expect(paid.json()).toMatchObject({ Credits: 0, alreadyUnlocked: false });
  });

  it('refuses exclusives (400), users without credits (409), beats out of the catalog (404), and changes nothing', async () => {
    const user = await createUser(t, { userType: 'invitedUser', credits: 1 });
    const token = await loginAs(t, user);
    const exclusive = await withFiles({ beatType: 'Exclusive', priceCents: 25000 });
    expectMessage(await unlock(user.email, exclusive.id, token), 400, 'Exclusive beats cannot be unlocked with credits. Buy the exclusive license instead.');

    const deleted = await withFiles({ published: false, deletedAt: new Date() });
    expect((await unlock(user.email, deleted.id, token)).statusCode).toBe(404);
    expect(await creditsOf(user.id)).toBe(1);

    const broke = await createUser(t, { credits: 0 });
    const brokeToken = await loginAs(t, broke);
    const beat = await withFiles();
    expectMessage(await unlock(broke.email, beat.id, brokeToken), 409, downloadMessages.noCredits);
    expect(await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, broke.id))).toHaveLength(0);
    expect((await check(broke, beat, brokeToken)).statusCode).toBe(404);
  });

  it('answers 401 to visitors, 403 for another account, 400 for bad input; an admin may unlock for a user', async () => {
    const { me, other, token } = await signedInWithOther(t, { credits: 2 }, { credits: 2 });
    const beat = await withFiles();
    expect((await t.app.inject({ method: 'POST', url: '/api/reduce-credits', payload: { email: me.email, beatId: beat.id } })).statusCode).toBe(401);
    const theirs = await unlock(other.email, beat.id, token);
    expect(theirs.statusCode).toBe(403);
    expect(await creditsOf(other.id)).toBe(2);
    expectMessage(await t.app.inject(authed(token, { method: 'POST', url: '/api/reduce-credits', payload: { email: me.email } })), 400, 'beatId is required');
    expectMessage(await unlock('not-an-email', beat.id, token), 400, 'Email address is invalid');
    const byAdmin = await unlock(other.email, beat.id, adminToken);
    expect(byAdmin.json()).toMatchObject({ Credits: 1, alreadyUnlocked: false });
  });

  it('never spends below zero when unlocks interleave (sequentially on any database)', async () => {
    const user = await createUser(t, { credits: 2 });
    const token = await loginAs(t, user);
    const beats = await Promise.all([withFiles(), withFiles(), withFiles()]);
    const results = await Promise.all(beats.map((b) => unlock(user.email, b.id, token)));
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 200, 409]);
    expect(await creditsOf(user.id)).toBe(0);
  });

  it('100 concurrent unlocks of different beats with 3 credits: exactly 3 succeed, Credits 0', async () => {
    const user = await createUser(t, { userType: 'invitedUser', credits: 3 });
    const token = await loginAs(t, user);
    const beats: BeatRow[] = [];
    for (let i = 0; i < 100; i += 1) beats.push(await withFiles());
    const results = await Promise.all(beats.map((b) => unlock(user.email, b.id, token)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(3);
    expect(codes.filter((c) => c === 409)).toHaveLength(97);
    expect(await creditsOf(user.id)).toBe(0);
    expect(await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, user.id))).toHaveLength(3);
    expect(await t.deps.db.select().from(creditSpends).where(eq(creditSpends.userId, user.id))).toHaveLength(3);
    const unlockedIds = results.flatMap((r, i) => (r.statusCode === 200 ? [beats[i]!.id] : []));
    const rows = await t.deps.db.select().from(entitlements).where(eq(entitlements.userId, user.id));
    expect(rows.map((r) => r.beatId).sort()).toEqual(unlockedIds.sort());
  });

  it('50 concurrent unlocks of the same beat spend exactly one credit', async () => {
    const user = await createUser(t, { userType: 'invitedUser', credits: 3 });
    const token = await loginAs(t, user);
    const beat = await withFiles();
    const results = await Promise.all(Array.from({ length: 50 }, () => unlock(user.email, beat.id, token)));
    expect(results.every((r) => r.statusCode === 200)).toBe(true);
    expect(results.filter((r) => r.json().alreadyUnlocked === false)).toHaveLength(1);
    expect(await creditsOf(user.id)).toBe(2);
    expect(await t.deps.db.select().from(creditSpends).where(eq(creditSpends.userId, user.id))).toHaveLength(1);
  });
});
