// `npm run admin:create -- …`: runs the built command (apps/server/dist/admin-create.js), or its source through tsx
// when the server's sources changed since the build and the dev dependencies are installed.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installed, isStale, parts, root } from './build-parts.mjs';

const built = path.join(parts.server.dir, 'dist/admin-create.js');
const tsx = installed(root, 'tsx');

if (tsx && (!existsSync(built) || isStale(parts.server))) {
  const source = path.join(parts.server.dir, 'scripts/admin-create.ts');
  const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)], { stdio: 'inherit' });
  process.exit(result.status ?? 1);
} else if (existsSync(built)) {
  await import(pathToFileURL(built).href);
} else {
  console.error('\n  Cannot create the admin: the server is not built and the dev dependencies are not installed: run npm run build first.\n');
  process.exit(1);
}
