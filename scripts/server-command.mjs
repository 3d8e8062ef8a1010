// Runs one of the server's commands (apps/server/dist/<name>.js), or its source (apps/server/scripts/<name>.ts) through
// tsx when the server's sources changed since the build and the dev dependencies are installed: what
// `npm run admin:create`, `storage:migrate`, `backup` and `restore` run.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { installed, isStale, parts, root } from './build-parts.mjs';

/** `cannot` ends the sentence printed when neither the build nor the sources can run: "Cannot <cannot>: …". */
export async function runServerCommand(name, cannot) {
  const built = path.join(parts.server.dir, `dist/${name}.js`);
  const tsx = installed(root, 'tsx');

  if (tsx && (!existsSync(built) || isStale(parts.server))) {
    const source = path.join(parts.server.dir, `scripts/${name}.ts`);
    const result = spawnSync(process.execPath, ['--import', import.meta.resolve('tsx'), source, ...process.argv.slice(2)], { stdio: 'inherit' });
    process.exit(result.status ?? 1);
  } else if (existsSync(built)) {
    await import(pathToFileURL(built).href);
  } else {
    console.error(`\n  Cannot ${cannot}: the server is not built and the dev dependencies are not installed: run npm run build first.\n`);
    process.exit(1);
  }
}
