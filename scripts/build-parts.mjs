// What `npm run build` makes — the web app and the server — from which inputs, whether a build is current, and whether the dev tools that make them are installed.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The folder of a package as `workspace` resolves it, or null when it is not installed (dev dependencies omitted). */
export function installed(workspace, name) {
  try {
    return path.dirname(createRequire(path.join(workspace, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

/**
 * The parts of the tree at `base`. A part's inputs (paths relative to `base`) are every file its build reads or that
 * decides what it reads: its whole workspace, the shared package, the root manifest and lockfile (which pick the
 * versions of Vite, esbuild and every bundled package), the TypeScript settings and the build scripts.
 */
export function partsOf(base) {
  const web = path.join(base, 'apps/web');
  const server = path.join(base, 'apps/server');
  const common = ['packages/shared', 'package.json', 'package-lock.json', 'tsconfig.base.json', 'scripts/build.mjs'];
  return {
    web: {
      label: 'the web app',
      root: base,
      dir: web,
      // The server renderer is built last (scripts/build.mjs).
      output: path.join(web, 'dist/ssr/entry-server.js'),
      // Beside the renderer, which the server does not serve as a file.
      stamp: path.join(web, 'dist/ssr/inputs.sha256'),
      inputs: ['apps/web', 'scripts/compress-dist.mjs', ...common],
      tool: () => installed(web, 'vite'),
    },
    server: {
      label: 'the server',
      root: base,
      dir: server,
      output: path.join(server, 'dist/server.js'),
      stamp: path.join(server, 'dist/inputs.sha256'),
      inputs: ['apps/server', ...common],
      tool: () => installed(server, 'esbuild'),
    },
  };
}

export const parts = partsOf(root);

/** Never an input: installed packages and build outputs, wherever they are. */
const SKIPPED = new Set(['node_modules', 'dist']);

/** The inputs' files as git sees them — tracked, or new and not ignored — or null outside a git checkout or without git. */
function gitFiles(base, inputs) {
  if (!existsSync(path.join(base, '.git'))) return null;
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', '--', ...inputs], { cwd: base, encoding: 'utf8' });
  if (listed.status !== 0) return null;
  return listed.stdout.split('\0').filter((file) => file && !file.split('/').some((name) => SKIPPED.has(name)));
}

/**
 * The patterns of the tree's .gitignore that name a file or folder at any depth (`data/`, `*.tsbuildinfo`, `.env`), as
 * tests of a name: what a copy without .git must leave out to find the files git would list.
 */
function ignoredNames(base) {
  let text;
  try {
    text = readFileSync(path.join(base, '.gitignore'), 'utf8');
  } catch {
    return [];
  }
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#') && !line.startsWith('!') && !line.replace(/\/$/, '').includes('/'))
    .map((line) => {
      const folderOnly = line.endsWith('/');
      const glob = folderOnly ? line.slice(0, -1) : line;
      const pattern = glob
        .split('*')
        .map((piece) => piece.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*');
      return { folderOnly, name: new RegExp(`^${pattern}$`) };
    });
}

/** The inputs' files found by walking their folders, for a copy of the tree without .git (a deployed one). */
function walkedFiles(base, inputs) {
  const ignored = ignoredNames(base);
  const skipped = (name, folder) => SKIPPED.has(name) || ignored.some((p) => (folder || !p.folderOnly) && p.name.test(name));
  const files = [];
  const visit = (relative, folder) => {
    if (!folder) {
      files.push(relative);
      return;
    }
    for (const entry of readdirSync(path.join(base, relative), { withFileTypes: true })) {
      if (!skipped(entry.name, entry.isDirectory())) visit(`${relative}/${entry.name}`, entry.isDirectory());
    }
  };
  for (const input of inputs) {
    if (existsSync(path.join(base, input))) visit(input, statSync(path.join(base, input)).isDirectory());
  }
  return files;
}

/**
 * A hash of the part's inputs: every file's path and content, in path order. Content, not times: a checkout, a copy
 * or an editor that saves an unchanged file does not count as a change, and an edit whose time is older than the
 * build (a branch switched back, a file copied with its time) does.
 */
export function inputsHash(part) {
  const files = [...new Set(gitFiles(part.root, part.inputs) ?? walkedFiles(part.root, part.inputs))].sort();
  const hash = createHash('sha256');
  for (const file of files) {
    let content;
    try {
      content = readFileSync(path.join(part.root, file));
    } catch (error) {
      // A tracked file deleted in the working tree is an input no more; its path is then missing from the hash.
      if (error.code === 'ENOENT' || error.code === 'EISDIR') continue;
      throw error;
    }
    hash.update(`${file}\0${content.length}\0`);
    hash.update(content);
  }
  return hash.digest('hex');
}

/** Recorded after a successful build: the hash of the inputs it was made from (taken before it started). */
export function recordInputs(part, hash) {
  writeFileSync(part.stamp, `${hash}\n`);
}

/** Not built yet, built without a record of its inputs, or built from inputs other than the tree's. */
export function isStale(part) {
  if (!existsSync(part.output)) return true;
  let recorded;
  try {
    recorded = readFileSync(part.stamp, 'utf8').trim();
  } catch {
    return true;
  }
  return recorded !== inputsHash(part);
}
