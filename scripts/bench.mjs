// `npm run bench`: builds the web app if needed (to weigh its first-load JavaScript), then runs the server benchmark.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
if (!existsSync(path.join(root, 'apps/web/dist/index.html'))) {
  spawnSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], { cwd: path.join(root, 'apps/web'), stdio: 'inherit' });
}
const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
process.exit(result.status ?? 1);
