// What `npm run build` makes — the web app and the server — from which sources, and whether the dev tools that make them are installed.
import { existsSync, readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');
const shared = path.join(root, 'packages/shared/src');

/** The folder of a package as `workspace` resolves it, or null when it is not installed (dev dependencies omitted). */
export function installed(workspace, name) {
  try {
    return path.dirname(createRequire(path.join(workspace, 'package.json')).resolve(`${name}/package.json`));
  } catch {
    return null;
  }
}

export const parts = {
  web: {
    label: 'the web app',
    dir: web,
    // The server renderer is built last (scripts/build.mjs).
    output: path.join(web, 'dist/ssr/entry-server.js'),
    sources: [
      path.join(web, 'src'),
      path.join(web, 'public'),
      path.join(web, 'index.html'),
      path.join(web, 'vite.config.ts'),
      shared,
    ],
    tool: () => installed(web, 'vite'),
  },
  server: {
    label: 'the server',
    dir: server,
    output: path.join(server, 'dist/server.js'),
    sources: [path.join(server, 'src'), path.join(server, 'scripts'), path.join(server, 'build.mjs'), shared],
    tool: () => installed(server, 'esbuild'),
  },
};

function newestMtime(target) {
  const stat = statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(target, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name === 'dist') continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** Not built yet, or a source is newer than the build. */
export function isStale(part) {
  if (!existsSync(part.output)) return true;
  const built = statSync(part.output).mtimeMs;
  return part.sources.some((s) => existsSync(s) && newestMtime(s) > built);
}
