import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createPayments } from './create-payments.js';
import { createTestCheckout, testCheckoutWebhookSecret } from './test-checkout.js';
import { WebhookSignatureError } from './payments.js';

const base = { DATA_DIR: '/tmp/beat-payments-config', TOKEN_SECRET: 'x'.repeat(40) };
const stripeKeys = { STRIPE_SECRET_KEY: 'sk_test_123', STRIPE_WEBHOOK_SECRET: 'whsec_abc' };
const noDb = {} as Db;

describe('payments configuration', () => {
  it('uses the built-in test checkout by default and Stripe when both keys are set', () => {
    expect(loadConfig(base).stripe).toBeNull();
    expect(createPayments(loadConfig(base), noDb, systemClock).kind).toBe('test');
    const config = loadConfig({ ...base, ...stripeKeys, STRIPE_API_URL: 'http://127.0.0.1:12111' });
    expect(config.stripe).toEqual({ secretKey: 'sk_test_123', webhookSecret: 'whsec_abc', apiUrl: 'http://127.0.0.1:12111' });
    expect(createPayments(config, noDb, systemClock).kind).toBe('stripe');
  });

  it('stops the start when only one Stripe key is set, or a key has the wrong form', () => {
    expect(() => loadConfig({ ...base, STRIPE_SECRET_KEY: 'sk_test_123' })).toThrow(ConfigError);
    expect(() => loadConfig({ ...base, STRIPE_WEBHOOK_SECRET: 'whsec_abc' })).toThrow(/set both/);
    expect(() => loadConfig({ ...base, ...stripeKeys, STRIPE_SECRET_KEY: 'pk_test_public' })).toThrow(/STRIPE_SECRET_KEY/);
    expect(() => loadConfig({ ...base, ...stripeKeys, STRIPE_WEBHOOK_SECRET: 'secret' })).toThrow(/STRIPE_WEBHOOK_SECRET/);
  });

  it('takes no payments in production without Stripe (the test checkout would give the catalog away)', async () => {
    const payments = createPayments(loadConfig({ ...base, NODE_ENV: 'production' }), noDb, systemClock);
    expect(payments.kind).not.toBe('test');
    await expect(
      payments.createCheckoutSession({
        checkoutId: 'x',
        email: 'a@b.c',
        currency: 'usd',
        lineItems: [{ name: 'x', amountCents: 100 }],
        successUrl: 'https://x/s',
        cancelUrl: 'https://x/c',
        expiresAt: new Date(),
        metadata: {},
      }),
    ).rejects.toBeInstanceOf(AppError);
    await expect(payments.constructEvent(Buffer.from('{}'), 't=1,v1=x', new Date())).rejects.toThrow(WebhookSignatureError);
  });
});

describe("the test checkout's webhook signature", () => {
  it('is the header the stripe package writes for the same payload, secret and time, and verifies with it', async () => {
    const Stripe = (await import('stripe')).default;
    const config = loadConfig(base);
    const provider = createTestCheckout(noDb, systemClock, testCheckoutWebhookSecret(config.tokenSecret));
    const payload = JSON.stringify({ id: 'evt_test_1', object: 'event', type: 'checkout.session.completed', data: { object: {} } });
    const at = new Date('2026-03-07T12:00:00Z');
    const header = provider.sign(payload, at);
    expect(header).toBe(Stripe.webhooks.generateTestHeaderString({ payload, secret: provider.webhookSecret, timestamp: at.getTime() / 1000 }));
    await expect(provider.constructEvent(Buffer.from(payload), header, at)).resolves.toMatchObject({ id: 'evt_test_1' });
    await expect(provider.constructEvent(Buffer.from(payload), provider.sign(`${payload} `, at), at)).rejects.toThrow(WebhookSignatureError);
  });
});
