import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './env.js';

const base = { DATA_DIR: '/tmp/beat-config-test', TOKEN_SECRET: 'x'.repeat(40) };

describe('configuration', () => {
  it('has the documented defaults', () => {
    const config = loadConfig(base);
    expect(config).toMatchObject({ port: 3000, host: '127.0.0.1', rateLimitScale: 1, seedDemo: true });
    expect(config.prices).toEqual({ vipPlanCents: 2900, stemsCents: 2500, leaseCents: 1999 });
  });

  it('stops with a list of every bad setting', () => {
    const attempt = () => loadConfig({ ...base, PORT: 'abc', DATABASE_URL: 'not a url', VIP_PLAN_PRICE_USD: '-1' });
    expect(attempt).toThrow(ConfigError);
    expect(attempt).toThrow(/PORT[\s\S]*DATABASE_URL[\s\S]*VIP_PLAN_PRICE_USD/);
  });

  it('requires a token secret and never seeds demo data in production', () => {
    expect(() => loadConfig({ DATA_DIR: '/tmp/x', NODE_ENV: 'production' })).toThrow(/TOKEN_SECRET/);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).seedDemo).toBe(false);
  });

  it('takes SMTP_URL and MAIL_FROM for real e-mail, and refuses a URL that is not SMTP', () => {
    expect(loadConfig(base)).toMatchObject({ smtpUrl: undefined, mailFrom: 'Beat Market <no-reply@beatmarket.test>' });
    expect(loadConfig({ ...base, SMTP_URL: 'smtps://u:p@mail.example.test:465', MAIL_FROM: 'Shop <s@x.test>' })).toMatchObject({
      smtpUrl: 'smtps://u:p@mail.example.test:465',
      mailFrom: 'Shop <s@x.test>',
    });
    expect(() => loadConfig({ ...base, SMTP_URL: 'http://mail.example.test' })).toThrow(/SMTP_URL: SMTP_URL must look like smtp:/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });
});
