// `npm run storage:migrate`: runs the built command (apps/server/dist/storage-migrate.js), or its source through tsx
// when the server's sources changed since the build and the dev dependencies are installed.
import { runServerCommand } from './server-command.mjs';

await runServerCommand('storage-migrate', 'copy the files');
