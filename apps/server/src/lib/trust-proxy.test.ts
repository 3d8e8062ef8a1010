/** TRUST_PROXY decides whose X-Forwarded-For names the client (request.ip), and so what per-address limits count. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/helper.js';

const echoIp = (app: TestApp['app']) => app.get('/test/ip', async (request) => ({ ip: request.ip }));

async function ipSeen(t: TestApp, remoteAddress: string, forwardedFor?: string): Promise<string> {
  const res = await t.app.inject({
    method: 'GET',
    url: '/test/ip',
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });
  return (res.json() as { ip: string }).ip;
}

const apps: TestApp[] = [];
const appWith = async (env: Record<string, string>) => {
  const t = await createTestApp({ env, extraRoutes: echoIp });
  apps.push(t);
  return t;
};
let none: TestApp;
let listed: TestApp;
let twoHops: TestApp;
beforeAll(async () => {
  none = await appWith({});
  listed = await appWith({ TRUST_PROXY: '127.0.0.1/32, 10.0.0.0/8' });
  twoHops = await appWith({ TRUST_PROXY: '2' });
});
afterAll(async () => {
  for (const t of apps) await t.close();
});

describe('TRUST_PROXY', () => {
  it('trusts no proxy by default, in production too: the header never changes the address', async () => {
    expect(await ipSeen(none, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
    const production = await appWith({ NODE_ENV: 'production' });
    expect(await ipSeen(production, '127.0.0.1', '203.0.113.9')).toBe('127.0.0.1');
  });

  it('takes the client from the header when the connection comes from a listed proxy, and only then', async () => {
    expect(await ipSeen(listed, '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    // Through two of our proxies, the first address that is not ours is the client; what it claims before that is ignored.
    expect(await ipSeen(listed, '10.1.2.3', '198.51.100.7, 203.0.113.9, 10.4.5.6')).toBe('203.0.113.9');
    // Straight from the internet: the header is the client's own claim.
    expect(await ipSeen(listed, '192.0.2.44', '203.0.113.9')).toBe('192.0.2.44');
    expect(await ipSeen(listed, '127.0.0.1')).toBe('127.0.0.1');
  });

  it('with a hop count, trusts that many proxies in front of the server', async () => {
    expect(await ipSeen(twoHops, '10.9.9.9', '198.51.100.7, 203.0.113.9, 10.4.5.6')).toBe('203.0.113.9');
    expect(await ipSeen(twoHops, '10.9.9.9', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('counts per-address limits per client behind a trusted proxy', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await listed.app.inject({
        method: 'POST',
        url: '/api/login',
        headers: { 'x-forwarded-for': `203.0.113.${i + 1}` },
        payload: { email: `behind-proxy${i}@example.test`, password: 'wrong-password' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses).toEqual(Array(31).fill(401));
  });
});
