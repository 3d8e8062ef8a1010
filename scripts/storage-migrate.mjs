// `npm run storage:migrate`: runs the built command (apps/server/dist/storage-migrate.js), or its source through tsx
// when the server's sources changed since the build and the dev dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installed, isStale, parts, root } from './build-parts.mjs';

const built = path.join(parts.server.dir, 'dist/storage-migrate.js');
const tsx = installed(root, 'tsx');

if (tsx && (!existsSync(built) || isStale(parts.server))) {
  const source = path.join(parts.server.dir, 'scripts/storage-migrate.ts');
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error('\n  Cannot copy the files: the server is not built and the dev dependencies are not installed: run npm run build first.\n');
  process.exit(1);
}
