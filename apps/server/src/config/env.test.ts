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

  it('takes TRUST_PROXY as a hop count or the proxies’ addresses, trusts none by default, and stops at anything else', () => {
    expect(loadConfig(base).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).trustProxy).toEqual({ kind: 'none' });
    expect(loadConfig({ ...base, TRUST_PROXY: '2' }).trustProxy).toEqual({ kind: 'hops', hops: 2 });
    expect(loadConfig({ ...base, TRUST_PROXY: '10.0.0.0/8, 192.168.1.5,::1,fd00::/8,loopback' }).trustProxy).toEqual({
      kind: 'addresses',
      addresses: ['10.0.0.0/8', '192.168.1.5', '::1', 'fd00::/8', 'loopback'],
    });
    for (const value of ['true', '0', '11', '10.0.0.0/33', '10.0.0', 'proxy.example.test', '10.0.0.1,', '::1/129', '10.0.0.1/8/8']) {
      expect(() => loadConfig({ ...base, TRUST_PROXY: value }), value).toThrow(ConfigError);
    }
    expect(() => loadConfig({ ...base, PORT: 'abc', TRUST_PROXY: '10.0.0.1, nginx' })).toThrow(
      /PORT[\s\S]*- TRUST_PROXY: must be a hop count \(1, 2\) or the proxies’ addresses as comma-separated IPs or CIDRs \(10\.0\.0\.0\/8,192\.168\.1\.5\); not "nginx"/,
    );
  });

  it('takes DATABASE_POOL_SIZE, 10 connections by default, and refuses a size that is not a whole number from 1 to 200', () => {
    expect(loadConfig(base).databasePoolSize).toBe(10);
    expect(loadConfig({ ...base, DATABASE_POOL_SIZE: '4' }).databasePoolSize).toBe(4);
    for (const value of ['0', '201', '2.5', 'many']) {
      expect(() => loadConfig({ ...base, DATABASE_POOL_SIZE: value }), value).toThrow(/DATABASE_POOL_SIZE/);
    }
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ ...base, DATABASE_URL: '', PORT: '' }).databaseUrl).toBeUndefined();
  });

  it('serves the API docs outside production unless API_DOCS says otherwise', () => {
    expect(loadConfig(base).apiDocs).toBe(true);
    expect(loadConfig({ ...base, API_DOCS: 'false' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).apiDocs).toBe(false);
    expect(loadConfig({ ...base, NODE_ENV: 'production', API_DOCS: 'true' }).apiDocs).toBe(true);
    expect(() => loadConfig({ ...base, API_DOCS: 'yes' })).toThrow(/API_DOCS/);
  });

  it('takes METRICS_TOKEN for GET /metrics, unset by default, and refuses one that is short or has spaces', () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, NODE_ENV: 'production' }).metricsToken).toBeUndefined();
    const token = 'a1'.repeat(16);
    expect(loadConfig({ ...base, METRICS_TOKEN: token }).metricsToken).toBe(token);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: token.slice(1) })).toThrow(/METRICS_TOKEN: METRICS_TOKEN must be at least 32 characters/);
    expect(() => loadConfig({ ...base, METRICS_TOKEN: `${token} ${token}` })).toThrow(/METRICS_TOKEN must not contain spaces/);
  });
});
