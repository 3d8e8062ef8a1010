/** An address Fastify cannot decode, or with a part longer than a route parameter may be, gets a response in the product's one shape. */
import { describe, expect, it } from 'vitest';
import { fileTestApp, expectMessageOnly } from '../test/helper.js';

const t = fileTestApp();

describe('malformed addresses', () => {
  for (const url of ['/api/beats/%E0%A4%A', '/%', '/api/%00%', '/api/stream/%ED%A0%80', '/test-checkout/%C0%AF/pay']) {
    it(`answers 400 with a readable message for ${url}`, async () => {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      expect(res.json()).toEqual({ message: 'The address is not valid: part of it is not correctly percent-encoded.' });
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    });
  }

  it('answers 414 with a readable message, without echoing it, for a path part longer than any route parameter', async () => {
    expectMessageOnly(await t.app.inject({ method: 'GET', url: `/api/beats/${'b'.repeat(5_000)}/waveform` }), 414, 'The address is too long: one of its parts is longer than any this store uses.');
  });

  it('still decodes a well-formed percent-encoding', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/beats/%F0%9F%98%80/waveform' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/beatId/);
  });
});
