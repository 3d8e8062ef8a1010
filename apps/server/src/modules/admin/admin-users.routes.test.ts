import { beforeAll, describe, expect, it } from 'vitest';
import { count, desc, eq } from 'drizzle-orm';
import type { AdminUsersPage, AuditPage, User } from '@beat/shared';
import { auditLog, mailOutbox, purchases, users } from '../../db/schema.js';
import { authed, createUser, expectServerError, loginAs, fileTestApp, purchaseRow, expectMessageOnly } from '../../test/helper.js';
import { nameFromEmail, temporaryPassword } from './admin-users.service.js';
import { readableMail } from '../../adapters/mail/mail-secrets.js';

let adminToken: string;
let adminId: string;

const asAdmin = (options: Parameters<typeof authed>[1]) => t.app.inject(authed(adminToken, options));
const invite = (payload: object) => asAdmin({ method: 'POST', url: '/api/admin/users/invite', payload });

async function mailTo(email: string) {
  const rows = await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, email)).orderBy(desc(mailOutbox.createdAt));
  return rows.map((row) => readableMail(row, t.config.tokenSecret));
}

const t = fileTestApp();
beforeAll(async () => {
  const admin = await createUser(t, { isAdmin: true, email: 'chief@example.test', fullName: 'Chief Admin' });
  adminId = admin.id;
  adminToken = await loginAs(t, admin);
});

describe('POST /api/admin/users/invite', () => {
  it('creates an invitedUser with the credits, e-mails a temporary password that logs in, and must change it', async () => {
    const res = await invite({ email: '  Jane.Doe@Example.test ', fullName: '  Jane Doe-Okafor ', credits: 5, assignFreeCredits: true });
    expect(res.statusCode).toBe(201);
    const user = res.json().user as User;
    expect(user).toMatchObject({
      email: 'jane.doe@example.test',
      fullName: 'Jane Doe-Okafor',
      userType: 'invitedUser',
      Credits: 5,
      hasPasswordChanged: false,
      isAdmin: false,
    });

    const [mail, ...others] = await mailTo('jane.doe@example.test');
    expect(others).toHaveLength(0);
    expect(mail!.subject).toBe('You are invited to Beat Market');
    expect(mail!.text).toContain('Hi Jane Doe-Okafor,');
    expect(mail!.text).toContain('5 free credits');
    const password = /Temporary password: (\S+)/.exec(mail!.text)?.[1];
    expect(password).toMatch(/^[A-Za-z2-9]{12}$/);
    expect(mail!.html).toContain(password);
    expect(mail!.html).toContain('/login');

    // The e-mailed password logs in, and the account says it must be changed first.
    const login = await t.app.inject({ method: 'POST', url: '/api/login', payload: { email: 'jane.doe@example.test', password } });
    expect(login.statusCode).toBe(200);
    expect(login.json().user).toMatchObject({ hasPasswordChanged: false, userType: 'invitedUser', Credits: 5 });

    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, user._id));
    expect(audit).toMatchObject({ action: 'user.invite', actorEmail: 'chief@example.test', actorId: adminId });
    expect(JSON.stringify(audit!.after)).not.toContain('passwordHash');
  });

  it('accepts zero credits without the checkbox, and never sends the same password twice', async () => {
    const a = await invite({ email: 'zero@example.test', fullName: 'Zed Zero', credits: 0 });
    expect(a.statusCode).toBe(201);
    expect(a.json().user.Credits).toBe(0);
    const [mail] = await mailTo('zero@example.test');
    expect(mail!.text).not.toContain('free credit');
    expect(new Set(Array.from({ length: 50 }, () => temporaryPassword())).size).toBe(50);
  });

  it('refuses an e-mail that already has an account with 409 and sends nothing', async () => {
    await createUser(t, { email: 'taken@example.test' });
    expectMessageOnly(await invite({ email: 'taken@example.test', fullName: 'Tak En', credits: 1, assignFreeCredits: true }), 409, 'An account with this email already exists.');
    expect(await mailTo('taken@example.test')).toHaveLength(0);
  });

  it.each([
    [{ fullName: 'X', credits: 1, assignFreeCredits: true }, 'Email is required'],
    [{ email: '', fullName: 'X', credits: 1, assignFreeCredits: true }, 'Email is required'],
    [{ email: 'nope', fullName: 'X', credits: 1, assignFreeCredits: true }, 'Email address is invalid'],
    [{ email: 'x@example.test', fullName: 'X', assignFreeCredits: true }, 'Credits are required'],
    [{ email: 'x@example.test', fullName: 'X', credits: 1.5, assignFreeCredits: true }, 'Credits must be a whole number'],
    [{ email: 'x@example.test', fullName: 'X', credits: -1, assignFreeCredits: true }, 'Credits cannot be negative'],
    [{ email: 'x@example.test', fullName: 'X', credits: 5000, assignFreeCredits: true }, 'Credits must be at most 1000'],
    [{ email: 'x@example.test', fullName: 'X', credits: 3 }, "Tick 'Assign free credits' to give credits to this user"],
    [{ email: 'x@example.test', fullName: 'X', credits: 3, assignFreeCredits: false }, "Tick 'Assign free credits' to give credits to this user"],
    [{ email: 'x@example.test', credits: 1, assignFreeCredits: true }, 'Name is required'],
    [{ email: 'x@example.test', fullName: '   ', credits: 1, assignFreeCredits: true }, 'Name is required'],
    [{ email: 'x@example.test', fullName: 'N'.repeat(101), credits: 1, assignFreeCredits: true }, 'Name must be at most 100 characters'],
  ])('refuses %j with a readable 400', async (payload, message) => {
    expectMessageOnly(await invite(payload), 400, message);
    const [row] = await t.deps.db.select().from(users).where(eq(users.email, 'x@example.test'));
    expect(row).toBeUndefined();
  });

  it('leaves no account when its e-mail cannot be written', async () => {
    const auditBefore = await t.deps.db.select({ n: count() }).from(auditLog);
    const send = t.deps.mailer.send;
    t.deps.mailer.send = async () => {
      throw new Error('the outbox is unavailable');
    };
    expectServerError('request failed', 'the outbox is unavailable');
    try {
      const res = await invite({ email: 'unlucky@example.test', fullName: 'Un Lucky', credits: 0 });
      expect(res.statusCode).toBe(500);
    } finally {
      t.deps.mailer.send = send;
    }
    // The account, its audit entry and its e-mail are one transaction: none of them was kept.
    expect(await t.deps.db.select().from(users).where(eq(users.email, 'unlucky@example.test'))).toEqual([]);
    expect(await t.deps.db.select({ n: count() }).from(auditLog)).toEqual(auditBefore);
  });
});

describe('GET /api/admin/users', () => {
  it('pages newest first and searches name and e-mail, taking % literally', async () => {
    for (let i = 0; i < 3; i++) {
      await createUser(t, { fullName: `Searchable Person ${i}`, email: `search${i}@example.test`, createdAt: new Date(Date.UTC(2026, 1, 1 + i)) });
    }
    await createUser(t, { fullName: '100% Real', email: 'percent@example.test' });
    const page1 = (await asAdmin({ method: 'GET', url: '/api/admin/users?q=searchable&pageSize=2' })).json() as AdminUsersPage;
    expect(page1).toMatchObject({ total: 3, page: 1, pageSize: 2 });
    expect(page1.users.map((u) => u.fullName)).toEqual(['Searchable Person 2', 'Searchable Person 1']);
    const page2 = (await asAdmin({ method: 'GET', url: '/api/admin/users?q=searchable&pageSize=2&page=2' })).json() as AdminUsersPage;
    expect(page2.users.map((u) => u.email)).toEqual(['search0@example.test']);
    const byEmail = (await asAdmin({ method: 'GET', url: '/api/admin/users?q=SEARCH1%40' })).json() as AdminUsersPage;
    expect(byEmail.users.map((u) => u.email)).toEqual(['search1@example.test']);
    const percent = (await asAdmin({ method: 'GET', url: `/api/admin/users?q=${encodeURIComponent('0%')}` })).json() as AdminUsersPage;
    expect(percent.users.map((u) => u.email)).toEqual(['percent@example.test']);
  });

  it('refuses a bad page with 400', async () => {
    expectMessageOnly(await asAdmin({ method: 'GET', url: '/api/admin/users?pageSize=0' }), 400, 'pageSize must be between 1 and 100');
  });
});

describe('PATCH /api/admin/users/:userId', () => {
  it('sets credits and the stems grant, and logs before and after', async () => {
    const user = await createUser(t, { credits: 2 });
    const res = await asAdmin({ method: 'PATCH', url: `/api/admin/users/${user.id}`, payload: { credits: 10, isStemsAvailable: true } });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ Credits: 10, isStemsAvailable: true });
    const only = await asAdmin({ method: 'PATCH', url: `/api/admin/users/${user.id}`, payload: { isStemsAvailable: false } });
    expect(only.json().user).toMatchObject({ Credits: 10, isStemsAvailable: false });

    const logs = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, user.id)).orderBy(auditLog.id);
    expect(logs.map((l) => [l.action, (l.before as { credits: number }).credits, (l.after as { credits: number }).credits])).toEqual([
      ['user.update', 2, 10],
      ['user.update', 10, 10],
    ]);
  });

  it.each([
    [{}, 'Send credits or isStemsAvailable to change'],
    [{ credits: -3 }, 'Credits cannot be negative'],
    [{ credits: 'ten' }, 'Credits must be a number'],
    [{ isStemsAvailable: 'yes' }, 'isStemsAvailable must be true or false'],
  ])('refuses %j with 400', async (payload, message) => {
    const user = await createUser(t);
    expectMessageOnly(await asAdmin({ method: 'PATCH', url: `/api/admin/users/${user.id}`, payload }), 400, message);
  });

  it('answers 404 for an unknown user and 400 for a bad id', async () => {
    expectMessageOnly(await asAdmin({ method: 'PATCH', url: '/api/admin/users/00000000-0000-4000-8000-000000000000', payload: { credits: 1 } }), 404, 'This user does not exist.');
    expectMessageOnly(await asAdmin({ method: 'PATCH', url: '/api/admin/users/123', payload: { credits: 1 } }), 400, 'userId is not a valid id');
  });
});

describe('POST /api/admin/users/:userId/promote', () => {
  it('makes a user a VIP once', async () => {
    const user = await createUser(t, { userType: 'invitedUser', credits: 1 });
    const res = await asAdmin({ method: 'POST', url: `/api/admin/users/${user.id}/promote` });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ userType: 'vipUser', Credits: 1 });
    expectMessageOnly(await asAdmin({ method: 'POST', url: `/api/admin/users/${user.id}/promote` }), 409, 'This user is already a VIP member.');
    const missing = await asAdmin({ method: 'POST', url: '/api/admin/users/00000000-0000-4000-8000-000000000000/promote' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('DELETE /api/admin/users/:userId', () => {
  it('deletes the account; its purchases stay in the books with the buyer’s name and e-mail', async () => {
    const user = await createUser(t, { email: 'leaver@example.test', fullName: 'Lee Leaver' });
    await t.deps.db.insert(purchases).values(purchaseRow(user, { sessionType: 'vipPlan', kind: 'vipPlan', title: 'VIP plan', priceCents: 2900 }));
    const token = await loginAs(t, user);

    expectMessageOnly(await asAdmin({ method: 'DELETE', url: `/api/admin/users/${user.id}` }), 200, 'User deleted');
    expect(await t.deps.db.select().from(users).where(eq(users.id, user.id))).toEqual([]);
    const [purchase] = await t.deps.db.select().from(purchases).where(eq(purchases.buyerEmail, 'leaver@example.test'));
    expect(purchase).toMatchObject({ userId: null, buyerName: 'Lee Leaver', priceCents: 2900 });
    // Their session ended with the account.
    const me = await t.app.inject(authed(token, { method: 'POST', url: '/api/getuser', payload: { email: 'leaver@example.test' } }));
    expect(me.statusCode).toBe(401);

    const [audit] = await t.deps.db.select().from(auditLog).where(eq(auditLog.targetId, user.id));
    expect(audit).toMatchObject({ action: 'user.delete', after: null });
    expect(audit!.before).toMatchObject({ email: 'leaver@example.test' });
  });

  it('will not delete the admin’s own account, and answers 404 for an unknown one', async () => {
    expectMessageOnly(await asAdmin({ method: 'DELETE', url: `/api/admin/users/${adminId}` }), 400, 'You cannot delete your own account from the admin area.');
    const missing = await asAdmin({ method: 'DELETE', url: '/api/admin/users/00000000-0000-4000-8000-000000000000' });
    expect(missing.statusCode).toBe(404);
  });
});

describe('GET /api/admin/audit', () => {
  it('lists the changes newest first, paginated', async () => {
    const page = (await asAdmin({ method: 'GET', url: '/api/admin/audit?pageSize=3' })).json() as AuditPage;
    expect(page.entries).toHaveLength(3);
    expect(page.total).toBeGreaterThan(5);
    expect(page.entries[0]!.action).toBe('user.delete');
    const ids = page.entries.map((e) => e.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    const next = (await asAdmin({ method: 'GET', url: '/api/admin/audit?pageSize=3&page=2' })).json() as AuditPage;
    expect(next.entries[0]!.id).toBeLessThan(ids[2]!);
  });
});

describe('nameFromEmail', () => {
  it('names a command-line admin made without a name after the e-mail', () => {
    expect(nameFromEmail('jane.doe-smith@x.test')).toBe('Jane Doe Smith');
    expect(nameFromEmail('___@x.test')).toBe('New Member');
  });
});
