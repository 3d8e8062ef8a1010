/** The admins' "New sale" e-mail (docs/product/offers-and-prices.md#new-sale-e-mails): sent for every paid order, switched off in Store settings. */
import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { StoreSettings } from '@beat/shared';
import { authed, createBeat, createUser, loginAs, fileTestApp } from '../../test/helper.js';
import { auditLog, mailOutbox, type UserRow } from '../../db/schema.js';
import { body, lineOf, openCheckoutOk, payAtTestCheckout } from './checkout.test-support.js';

let admin: UserRow;
let adminToken: string;

const t = fileTestApp();
beforeAll(async () => {
  admin = await createUser(t, { isAdmin: true, fullName: 'Ada Admin', email: 'ada.sales@example.test' });
  adminToken = await loginAs(t, admin);
});

const saleMails = async () =>
  (await t.deps.db.select().from(mailOutbox).where(eq(mailOutbox.to, admin.email))).filter((m) => m.subject.startsWith('New sale'));

async function sell(title: string, priceCents: number) {
  const buyer = await createUser(t, { fullName: 'Sam Seller-Fan' });
  const token = await loginAs(t, buyer);
  const beat = await createBeat(t, { title, priceCents });
  const { sessionId } = await openCheckoutOk(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(beat)] }));
  expect((await payAtTestCheckout(t, sessionId)).statusCode).toBe(303);
  return buyer;
}
const setNotices = (payload: Record<string, unknown>, token = adminToken) =>
  t.app.inject(authed(token, { method: 'PUT', url: '/api/admin/store-settings/sale-notices', payload }));

describe('"New sale" e-mails', () => {
  it('reach every admin for a paid order, with what was sold, to whom and for how much', async () => {
    const buyer = await sell('Copper Skyline', 2999);
    const [mail, ...more] = await saleMails();
    expect(more).toHaveLength(0);
    expect(mail!.subject).toBe('New sale: $29.99');
    expect(mail!.text).toContain(`Sam Seller-Fan <${buyer.email}> paid order`);
    expect(mail!.text).toContain('Copper Skyline (MP3 Lease): $29.99');
  });

  it('stop when the admin turns them off in Store settings, which the audit log records, and start again', async () => {
    const off = await setNotices({ enabled: false });
    expect(off.statusCode).toBe(200);
    expect((off.json() as StoreSettings).saleNotices).toBe(false);
    await sell('Glass Harbor', 1999);
    expect(await saleMails()).toHaveLength(1);
    const entries = await t.deps.db.select().from(auditLog).where(eq(auditLog.action, 'store.sale-notices'));
    expect(entries.map((e) => e.after)).toEqual([{ saleNotices: false }]);

    expect(((await setNotices({ enabled: true })).json() as StoreSettings).saleNotices).toBe(true);
    await sell('Velvet Static', 1999);
    expect(await saleMails()).toHaveLength(2);
  });

  it('refuses a setting that is not true or false, and anyone but an admin', async () => {
    const bad = await setNotices({ enabled: 'maybe' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('enabled must be true or false');
    const user = await createUser(t);
    expect((await setNotices({ enabled: false }, await loginAs(t, user))).statusCode).toBe(403);
    const read = await t.app.inject(authed(adminToken, { method: 'GET', url: '/api/admin/store-settings' }));
    expect((read.json() as StoreSettings).saleNotices).toBe(true);
  });
});
