// `npm run dev`: the API (reloading on change) on :3000 and the web app with hot reload on :5173, which proxies /api to it.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn(path.join(root, 'node_modules/.bin/tsx'), ['watch', '--clear-screen=false', 'src/server.ts'], {
    cwd: path.join(root, 'apps/server'),
    env: { ...process.env, PORT: apiPort, DATA_DIR: process.env.DATA_DIR ?? path.join(root, 'data'), WEB_DIST: path.join(root, 'apps/web/dist-none') },
    stdio: 'inherit',
  }),
  spawn(path.join(root, 'node_modules/.bin/vite'), ['--port', '5173'], {
    cwd: path.join(root, 'apps/web'),
    env: { ...process.env, API_URL: `http://127.0.0.1:${apiPort}` },
    stdio: 'inherit',
  }),
];
console.log(`\n  Web app with hot reload: http://localhost:5173 (API on :${apiPort})\n`);

const stop = (signal) => {
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
process.once('SIGINT', () => stop('SIGINT'));
process.once('SIGTERM', () => stop('SIGTERM'));
for (const child of children) child.once('exit', (code) => {
  stop('SIGTERM');
  process.exitCode = code ?? 0;
});
