/**
 * A start loads only what every request needs (docs/decisions/0029-start-up.md#loaded-when-used): the packages that
 * some requests or some configurations need are imported where they are used, never on the static import graph of
 * the server's entry.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const src = path.dirname(fileURLToPath(import.meta.url));

/** Loaded with their first use, not with the server. */
const loadedWhenUsed = ['pdf-lib', '@pdf-lib/fontkit', 'qrcode', 'music-metadata', 'nodemailer', 'stripe', '@aws-sdk/', 'ioredis', 'rate-limiter-flexible', 'ajv', 'prom-client'];
/** Files of those packages every start needs: the memory rate limiter, without the package's index of every store. */
const loadedAtStart = ['rate-limiter-flexible/lib/RateLimiterMemory.js'];

/** The npm packages (bare specifiers) that loading `entry` loads: its static, non-type imports and theirs. */
function packagesLoadedBy(entry: string): Set<string> {
  const packages = new Set<string>();
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    const source = readFileSync(file, 'utf8');
    const specifiers = [
      ...[...source.matchAll(/^(?:import|export)\s+(?!type\s)[^;]*?\sfrom\s+'([^']+)'/gm)].map((m) => m[1]!),
      ...[...source.matchAll(/^import\s+'([^']+)'/gm)].map((m) => m[1]!),
    ];
    for (const specifier of specifiers) {
      if (!specifier.startsWith('.')) {
        if (!specifier.startsWith('node:')) packages.add(specifier);
        continue;
      }
      const target = path.resolve(path.dirname(file), specifier.replace(/\.js$/, '.ts'));
      if (existsSync(target)) visit(target);
    }
  };
  visit(entry);
  return packages;
}

const reached = (packages: Set<string>, name: string) => [...packages].some((p) => p === name || p.startsWith(name.endsWith('/') ? name : `${name}/`));

describe("the server's start", () => {
  it('loads none of the packages that wait for their first use', () => {
    const packages = new Set([...packagesLoadedBy(path.join(src, 'server.ts'))].filter((p) => !loadedAtStart.includes(p)));
    // The walk follows the whole graph: the packages every request needs are on it.
    for (const needed of ['fastify', '@electric-sql/pglite', 'drizzle-orm', 'zod']) expect(reached(packages, needed)).toBe(true);
    expect(loadedWhenUsed.filter((name) => reached(packages, name))).toEqual([]);
  });

  it('would see one that came back: the modules that use them import them', () => {
    expect(reached(packagesLoadedBy(path.join(src, 'modules/purchases/licence-pdf.ts')), 'pdf-lib')).toBe(true);
    expect(reached(packagesLoadedBy(path.join(src, 'adapters/payments/stripe-payments.ts')), 'stripe')).toBe(true);
    expect(reached(packagesLoadedBy(path.join(src, 'adapters/storage/s3-storage.ts')), '@aws-sdk/')).toBe(true);
    expect(reached(packagesLoadedBy(path.join(src, 'metrics/instruments.ts')), 'prom-client')).toBe(true);
  });
});
