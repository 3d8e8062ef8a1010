import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { negotiateEncoding, requestEncoding } from './compression.js';

const asking = (acceptEncoding?: string | string[]) => ({ headers: { 'accept-encoding': acceptEncoding } }) as unknown as FastifyRequest;

describe('the encoding of an answer', () => {
  it('is the best one the client accepts, by its weights', () => {
    expect(negotiateEncoding('gzip, deflate, br')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBe('identity');
    // "Any" is gzip, as @fastify/compress reads it for the answers it compresses itself.
    expect(negotiateEncoding('*')).toBe('gzip');
    expect(negotiateEncoding('identity')).toBe('identity');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('GZIP;q=0.5, deflate')).toBe('gzip');
    expect(negotiateEncoding(undefined)).toBe('identity');
  });

  it('is the same for a request whose header was met before, however many other headers came between', () => {
    const headers = ['gzip, deflate, br', 'gzip', 'br;q=0, gzip', 'identity'];
    for (const header of headers) expect(requestEncoding(asking(header))).toBe(negotiateEncoding(header));
    // More distinct headers than are remembered: each still answered by its own weights.
    for (let i = 0; i < 200; i++) {
      const header = i % 2 ? `gzip;q=0.${(i % 9) + 1}, br;q=0.${i % 10}` : `x-custom-${i}, gzip`;
      expect(requestEncoding(asking(header))).toBe(negotiateEncoding(header));
    }
    for (const header of headers) expect(requestEncoding(asking(header))).toBe(negotiateEncoding(header));
    expect(requestEncoding(asking(['gzip', 'br']))).toBe('br');
    expect(requestEncoding(asking())).toBe('identity');
  });
});
