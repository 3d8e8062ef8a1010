import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../config/env.js';
import type { Db } from '../../db/client.js';
import { systemClock } from '../../lib/clock.js';
import { AppError } from '../../lib/errors.js';
import { createPayments } from './create-payments.js';
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
    expect(() => payments.constructEvent(Buffer.from('{}'), 't=1,v1=x', new Date())).toThrow(WebhookSignatureError);
  });
});
