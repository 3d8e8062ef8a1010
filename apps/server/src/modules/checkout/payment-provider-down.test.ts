/**
 * Stripe cannot be reached (docs/reliability.md#the-payment-provider-is-unreachable): opening a checkout gets a
 * readable 503 within seconds and reserves nothing (no checkout row, no exclusive held, the cart as it was), and
 * once Stripe answers again the same checkout opens.
 */
import net from 'node:net';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { commerceMessages } from '@beat/shared';
import { authed, createBeat, createTestApp, createUser, loginAs, type TestApp } from '../../test/helper.js';
import { beats, cartItems, checkoutItems, checkouts, users, type BeatRow, type UserRow } from '../../db/schema.js';
import { createStripePayments } from '../../adapters/payments/stripe-payments.js';
import type { Payments } from '../../adapters/payments/payments.js';
import { body, lineOf, openCheckout } from './checkout.test-support.js';
import { freePort } from '../../test/free-port.js';
import { StripeStandIn } from '../../test/stripe-stand-in.js';

const SECRET_KEY = 'sk_test_unreachable';
const WEBHOOK_SECRET = 'whsec_unreachable_signing_secret';

let t: TestApp;
let configured: Payments;
let port = 0;
const stripe = new StripeStandIn(SECRET_KEY);
let buyer: UserRow;
let token: string;
let lease: BeatRow;
let exclusive: BeatRow;
const servers: Array<net.Server | Server> = [];
/** Connections to the stand-ins, cut at the end (the Stripe client keeps its connections open). */
const sockets = new Set<net.Socket>();

async function listen<S extends net.Server | Server>(server: S, on = 0): Promise<string> {
  servers.push(server);
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(on, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as net.AddressInfo).port}`;
}

beforeAll(async () => {
  port = await freePort();
  t = await createTestApp({
    env: { STRIPE_SECRET_KEY: SECRET_KEY, STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET, STRIPE_API_URL: `http://127.0.0.1:${port}` },
  });
  configured = t.deps.payments;
  buyer = await createUser(t, { fullName: 'Patient Buyer', credits: 3 });
  token = await loginAs(t, buyer);
  lease = await createBeat(t, { title: 'Lease While Down', priceCents: 1999 });
  exclusive = await createBeat(t, { title: 'Exclusive While Down', beatType: 'Exclusive', priceCents: 50_000 });
  for (const beat of [lease, exclusive]) {
    const res = await t.app.inject(authed(token, { method: 'POST', url: '/api/cart', payload: { userId: buyer.id, beatId: beat.id } }));
    expect(res.statusCode).toBe(200);
  }
});

afterAll(async () => {
  await t?.close();
  await stripe.stop();
  for (const socket of sockets) socket.destroy();
  await Promise.all(servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))));
});

const cartCheckout = () => openCheckout(t, token, 'beatPurchase', body(buyer, { beatDetails: [lineOf(lease), lineOf(exclusive)] }));

/** Nothing was reserved: no checkout, the exclusive free for anyone, the credits and the cart as they were. */
async function expectNothingReserved(): Promise<void> {
  expect(await t.deps.db.select().from(checkouts).where(eq(checkouts.userId, buyer.id))).toEqual([]);
  expect(await t.deps.db.select().from(checkoutItems)).toEqual([]);
  const [held] = await t.deps.db.select({ reservedBy: beats.reservedBy, reservedUntil: beats.reservedUntil }).from(beats).where(eq(beats.id, exclusive.id));
  expect(held).toEqual({ reservedBy: null, reservedUntil: null });
  const [account] = await t.deps.db.select({ credits: users.credits }).from(users).where(eq(users.id, buyer.id));
  expect(account!.credits).toBe(3);
  const cart = await t.deps.db.select({ beatId: cartItems.beatId }).from(cartItems).where(eq(cartItems.userId, buyer.id));
  expect(cart.map((c) => c.beatId).sort()).toEqual([lease.id, exclusive.id].sort());
}

async function expectUnavailable(maxMs: number): Promise<void> {
  const started = Date.now();
  const res = await cartCheckout();
  const took = Date.now() - started;
  expect({ status: res.statusCode, body: res.json() as unknown, retryAfter: res.headers['retry-after'] }).toEqual({
    status: 503,
    body: { message: commerceMessages.paymentsUnavailable },
    retryAfter: '30',
  });
  expect(took).toBeLessThan(maxMs);
  await expectNothingReserved();
}

describe('the payment provider is unreachable', () => {
  it('nothing listens at STRIPE_API_URL: a readable 503 at once, nothing reserved', async () => {
    t.deps.payments = configured;
    await expectUnavailable(5_000);
  });

  it('the provider accepts the connection and never answers: given up after the timeout, nothing reserved', async () => {
    const hanging = net.createServer((socket) => socket.on('error', () => undefined));
    const url = await listen(hanging);
    t.deps.payments = createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: url, timeoutMs: 300 });
    // Two tries of 300 ms with a short pause between them.
    await expectUnavailable(5_000);
  });

  it('the provider resets the connection: a readable 503, nothing reserved', async () => {
    const resetting = net.createServer((socket) => socket.once('data', () => socket.resetAndDestroy()));
    const url = await listen(resetting);
    t.deps.payments = createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: url, timeoutMs: 300 });
    await expectUnavailable(5_000);
  });

  it('the provider answers 500: a readable 503, nothing reserved', async () => {
    const failing = createServer((_req, res) => {
      res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { type: 'api_error', message: 'Something went wrong on Stripe’s end.' } }));
    });
    const url = await listen(failing);
    t.deps.payments = createStripePayments({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, apiUrl: url, timeoutMs: 300 });
    await expectUnavailable(5_000);
  });

  it('once the provider answers again at STRIPE_API_URL, the same checkout opens and holds the exclusive', async () => {
    t.deps.payments = configured;
    await stripe.start(port);

    const res = await cartCheckout();
    expect(res.statusCode).toBe(200);
    const { session } = res.json() as { session: { id: string; url: string } };
    expect([...stripe.sessions.keys()]).toEqual([session.id]);
    const [checkout] = await t.deps.db.select().from(checkouts).where(eq(checkouts.providerSessionId, session.id));
    expect(checkout).toMatchObject({ provider: 'stripe', status: 'open', userId: buyer.id, amountCents: 51_999 });
    const [beat] = await t.deps.db.select().from(beats).where(eq(beats.id, exclusive.id));
    expect(beat!.reservedBy).toBe(buyer.id);
  });
});
