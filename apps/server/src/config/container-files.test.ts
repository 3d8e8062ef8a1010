// The container files at the repository's root (Containerfile, compose.yaml: docs/container.md) against the server's
// settings: compose.yaml sets only variables the server reads and the configuration page documents, its settings load,
// and its health check, port and data volume are the image's.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { loadConfig, settingNames } from './env.js';

const repo = path.resolve(import.meta.dirname, '../../../..');
const read = (file: string) => readFileSync(path.join(repo, file), 'utf8');

interface Service {
  environment: Record<string, string>;
  volumes: string[];
  ports: string[];
  healthcheck: { test: string[] };
}
const compose = parse(read('compose.yaml')) as { services: Record<string, Service> };
const store = compose.services.store!;
const containerfile = read('Containerfile');
/** The last stage's instructions: what the image runs with. */
const runStage = containerfile.slice(containerfile.lastIndexOf('\nFROM '));

/** Compose's `${NAME:-default}` takes the default, `${NAME:?message}` a test value, as an unset .env would (but for the secret). */
function interpolate(value: string): string {
  return String(value)
    .replace(/\$\{(\w+):-([^}]*)\}/g, (_, _name, fallback: string) => fallback)
    .replace(/\$\{(\w+):\?[^}]*\}/g, () => 'a-token-secret-of-thirty-two-characters-or-more');
}

describe('compose.yaml and the Containerfile', () => {
  it('sets only settings the server reads, each one documented in docs/configuration.md', () => {
    const names = Object.keys(store.environment);
    expect(names.length).toBeGreaterThan(10);
    expect(names.filter((name) => !settingNames.includes(name))).toEqual([]);
    const documented = read('docs/configuration.md');
    expect(names.filter((name) => !documented.includes(`| \`${name}\` |`))).toEqual([]);
  });

  it('loads as a production store on PostgreSQL, Redis and the bucket of its other services', () => {
    const env = Object.fromEntries(Object.entries(store.environment).map(([name, value]) => [name, interpolate(value)]));
    const config = loadConfig(env);
    expect(config).toMatchObject({ isProduction: true, host: '0.0.0.0', port: 3000, dataDir: '/data', seedDemo: false });
    expect(new URL(config.databaseUrl!).host).toBe('postgres:5432');
    expect(new URL(config.redis!.url).host).toBe('redis:6379');
    expect(config.s3).toMatchObject({ bucket: 'beat-market', endpoint: 'http://minio:9000', forcePathStyle: true });
    for (const service of ['postgres', 'redis', 'minio', 'bucket']) expect(compose.services[service]).toBeDefined();
  });

  it('keeps the image\'s health check, port and data volume', () => {
    const healthcheck = /^HEALTHCHECK .* CMD (\[.*\])$/m.exec(runStage)?.[1];
    expect(healthcheck).toBeDefined();
    expect(store.healthcheck.test).toEqual(['CMD', ...(JSON.parse(healthcheck!) as string[])]);
    expect(read('scripts/healthcheck.mjs')).toContain('/api/ready');

    expect(runStage).toMatch(/^VOLUME \/data$/m);
    expect(runStage).toMatch(/DATA_DIR=\/data\b/);
    expect(store.volumes.map((volume) => volume.split(':')[1])).toEqual(['/data']);

    const exposed = /^EXPOSE (\d+)$/m.exec(runStage)?.[1];
    expect(runStage).toMatch(new RegExp(`PORT=${exposed}\\b`));
    expect(store.ports.map((port) => port.split(':').at(-1))).toEqual([exposed]);
    expect(store.environment.PORT).toBe(exposed);
    expect(runStage).toMatch(/^USER (?!root)\w+$/m);
  });
});
