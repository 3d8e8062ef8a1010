// Bundles the server into dist/: server.js (the store), seed.js (the demo store and its audio synthesiser,
// imported only when a fresh data folder is seeded; its worker threads run track-worker.js), admin-create.js
// (`npm run admin:create`), storage-migrate.js (`npm run storage:migrate`), backup.js and restore.js (`npm run backup`,
// `npm run restore`), with the code they share in chunks beside them. npm packages stay external, the shared workspace is bundled in.
import { readFileSync, rmSync } from 'node:fs';
import { build } from 'esbuild';

// `@beat/shared` and each of its subpaths (`@beat/shared/messages`, …) point at their source file, as the
// package's `exports` map says.
const sharedExports = JSON.parse(readFileSync('../../packages/shared/package.json', 'utf8')).exports;
const sharedAliases = Object.fromEntries(
  Object.entries(sharedExports).map(([subpath, file]) => [`@beat/shared${subpath.slice(1)}`, `../../packages/shared/${file.slice(2)}`]),
);

// Chunk names carry a hash: a leftover chunk of an earlier build must not linger beside the new one.
rmSync('dist', { recursive: true, force: true });
await build({
  entryPoints: {
    server: 'src/server.ts',
    seed: 'src/seed/demo-store.ts',
    'track-worker': 'src/seed/track-worker.ts',
    'admin-create': 'scripts/admin-create.ts',
    'storage-migrate': 'scripts/storage-migrate.ts',
    backup: 'scripts/backup.ts',
    restore: 'scripts/restore.ts',
  },
  outdir: 'dist',
  // Chunks stay in dist/ itself: the database code finds the migrations relative to the file it is in.
  chunkNames: 'chunk-[hash]',
  splitting: true,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  packages: 'external',
  alias: sharedAliases,
  sourcemap: true,
  logLevel: 'warning',
});
