// `npm run bench`: builds the web app (to weigh its first-load JavaScript as users get it), then runs the server benchmark.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fresh production build: a leftover build (from a test run, say) may not be what users download.
spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
  cwd: path.join(root, 'apps/web'),
  stdio: 'inherit',
  env: { ...process.env, NODE_ENV: 'production' },
});
const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
process.exit(result.status ?? 1);
