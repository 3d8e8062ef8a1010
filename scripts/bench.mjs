// `npm run bench`: a fresh production build (the web app, to weigh its first-load JavaScript as users get it, and the
// server bundle the benchmark starts as the real server process), then the benchmark; its exit status is the goals'.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// A fresh build: a leftover one (from a test run, say) may not be what users download or what the sources say.
const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);
const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/bench.ts'], { cwd: path.join(root, 'apps/server'), stdio: 'inherit' });
process.exit(result.status ?? 1);
