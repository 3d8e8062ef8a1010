// `npm start`: builds the web app and the server when their sources changed, then serves both from one process.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

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

function isStale(output, sources) {
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return sources.some((s) => existsSync(s) && newestMtime(s) > built);
}

function run(label, command, args, cwd, env = {}) {
  console.log(`› ${label}`);
  const result = spawnSync(command, args, { cwd, stdio: 'inherit', env: { ...process.env, ...env } });
  if (result.status !== 0) {
    console.error(`${label} failed.`);
    process.exit(result.status ?? 1);
  }
}

const shared = path.join(root, 'packages/shared/src');
const web = path.join(root, 'apps/web');
const server = path.join(root, 'apps/server');

if (isStale(path.join(web, 'dist/index.html'), [path.join(web, 'src'), path.join(web, 'public'), path.join(web, 'index.html'), shared])) {
  // Always a production build: a NODE_ENV inherited from a test runner would otherwise give React's development build.
  run('Building the web app', process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], web, { NODE_ENV: 'production' });
  run('Compressing the web app', process.execPath, [path.join(root, 'scripts/compress-dist.mjs'), path.join(web, 'dist')], root);
}
if (isStale(path.join(server, 'dist/server.js'), [path.join(server, 'src'), shared])) {
  run('Building the server', process.execPath, ['build.mjs'], server);
}

await import(pathToFileURL(path.join(server, 'dist/server.js')).href);
