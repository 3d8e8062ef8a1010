/** The check `npm start` makes before serving (scripts/build-parts.mjs): a part is rebuilt when any of its inputs changed. */
import { spawnSync } from 'node:child_process';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { inputsHash, isStale, partsOf, recordInputs, type Part } from '../../../../scripts/build-parts.mjs';

/** A small tree shaped like this one: the workspaces, the shared package, the root manifest, lockfile and build scripts. */
const TREE: Record<string, string> = {
  '.gitignore': 'node_modules/\ndist/\ndata/\n*.tsbuildinfo\n.env\n',
  'package.json': '{ "name": "store", "workspaces": ["packages/shared", "apps/server", "apps/web"] }\n',
  'package-lock.json': '{ "lockfileVersion": 3, "packages": { "node_modules/esbuild": { "version": "0.28.2" } } }\n',
  'tsconfig.base.json': '{ "compilerOptions": { "strict": true } }\n',
  'scripts/build.mjs': '// builds the parts\n',
  'scripts/compress-dist.mjs': '// compresses the web build\n',
  'packages/shared/package.json': '{ "name": "@beat/shared" }\n',
  'packages/shared/src/index.ts': 'export const shared = 1;\n',
  'apps/server/package.json': '{ "name": "@beat/server", "dependencies": { "fastify": "^5.0.0" } }\n',
  'apps/server/build.mjs': '// bundles the server\n',
  'apps/server/src/server.ts': 'export const server = 1;\n',
  'apps/server/drizzle/0000_init.sql': 'create table beats ();\n',
  'apps/web/package.json': '{ "name": "@beat/web" }\n',
  'apps/web/index.html': '<div id="root"></div>\n',
  'apps/web/src/main.tsx': 'export const app = 1;\n',
  'apps/web/public/favicon.svg': '<svg></svg>\n',
};

let base = '';
let parts: { web: Part; server: Part };

function write(file: string, content: string) {
  mkdirSync(path.dirname(path.join(base, file)), { recursive: true });
  writeFileSync(path.join(base, file), content);
}

/** What a successful build leaves: its output, and the hash of the inputs it was made from. */
function build(part: Part) {
  const hash = inputsHash(part);
  mkdirSync(path.dirname(part.output), { recursive: true });
  writeFileSync(part.output, '// built\n');
  recordInputs(part, hash);
}

const git = (...args: string[]) => {
  const run = spawnSync('git', args, { cwd: base, encoding: 'utf8' });
  expect(run.status, run.stderr).toBe(0);
};

describe.each([
  { tree: 'a git checkout', checkout: true },
  { tree: 'a copy without .git', checkout: false },
])('the build check in $tree', ({ checkout }) => {
  beforeEach(() => {
    base = mkdtempSync(path.join(os.tmpdir(), 'beat-build-check-'));
    for (const [file, content] of Object.entries(TREE)) write(file, content);
    if (checkout) {
      git('init', '--quiet');
      git('add', '--all');
    }
    parts = partsOf(base);
    build(parts.web);
    build(parts.server);
  });

  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('says "up to date" for an untouched tree, whatever the times of its files', () => {
    expect(isStale(parts.web)).toBe(false);
    expect(isStale(parts.server)).toBe(false);
    const later = new Date(Date.now() + 60_000);
    utimesSync(path.join(base, 'apps/server/src/server.ts'), later, later);
    utimesSync(path.join(base, 'package-lock.json'), later, later);
    expect(isStale(parts.server)).toBe(false);
  });

  it.each([
    'apps/server/src/server.ts',
    'apps/server/package.json',
    'apps/server/build.mjs',
    'apps/server/drizzle/0000_init.sql',
    'packages/shared/src/index.ts',
    'packages/shared/package.json',
    'package.json',
    'package-lock.json',
    'tsconfig.base.json',
    'scripts/build.mjs',
  ])('says "rebuild" the server when %s changes, and "up to date" again when it is as it was', (file) => {
    appendFileSync(path.join(base, file), ' ');
    expect(isStale(parts.server)).toBe(true);
    write(file, TREE[file]!);
    expect(isStale(parts.server)).toBe(false);
  });

  it('says "rebuild" only for the part whose own input changed', () => {
    appendFileSync(path.join(base, 'apps/web/src/main.tsx'), 'export const more = 2;\n');
    expect(isStale(parts.web)).toBe(true);
    expect(isStale(parts.server)).toBe(false);
    appendFileSync(path.join(base, 'scripts/compress-dist.mjs'), '// level 9\n');
    expect(isStale(parts.server)).toBe(false);
  });

  it('says "rebuild" for a new file or a removed one', () => {
    // Nothing imports the new file: a file in public/ is copied into the build as it is.
    write('apps/web/public/robots.txt', 'User-agent: *\n');
    expect(isStale(parts.web)).toBe(true);
    build(parts.web);
    rmSync(path.join(base, 'apps/web/public/robots.txt'));
    expect(isStale(parts.web)).toBe(true);
    rmSync(path.join(base, 'apps/server/drizzle/0000_init.sql'));
    expect(isStale(parts.server)).toBe(true);
  });

  it('leaves out what is not an input: installed packages, builds, data and whatever git ignores', () => {
    write('apps/server/node_modules/fastify/index.js', 'module.exports = 1;\n');
    write('apps/server/dist/chunk-abc.js', '// a leftover chunk\n');
    write('apps/server/data/db/PG_VERSION', '17\n');
    write('apps/server/.env', 'TOKEN_SECRET=x\n');
    write('apps/web/tsconfig.tsbuildinfo', '{}\n');
    expect(isStale(parts.server)).toBe(false);
    expect(isStale(parts.web)).toBe(false);
  });

  it('says "rebuild" when the build recorded no inputs or is gone', () => {
    rmSync(parts.server.stamp);
    expect(isStale(parts.server)).toBe(true);
    rmSync(parts.web.output);
    expect(isStale(parts.web)).toBe(true);
  });
});

describe('the build check across a copy', () => {
  afterEach(() => {
    rmSync(base, { recursive: true, force: true });
  });

  it('finds a build made in a git checkout up to date in a copy of it without .git', () => {
    base = mkdtempSync(path.join(os.tmpdir(), 'beat-build-check-'));
    for (const [file, content] of Object.entries(TREE)) write(file, content);
    // Not yet added to git, yet an input all the same: git lists it with the tracked files, and the walk finds it.
    git('init', '--quiet');
    git('add', 'apps', 'packages', 'scripts', 'package.json', 'package-lock.json');
    write('apps/web/src/new-page.tsx', 'export const page = 1;\n');
    write('apps/server/data/db/PG_VERSION', '17\n');
    parts = partsOf(base);
    build(parts.web);
    build(parts.server);
    const recorded = inputsHash(parts.web);
    rmSync(path.join(base, '.git'), { recursive: true });
    expect(inputsHash(parts.web)).toBe(recorded);
    expect(isStale(parts.web)).toBe(false);
    expect(isStale(parts.server)).toBe(false);
  });
});
