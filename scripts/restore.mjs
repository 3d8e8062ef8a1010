// `npm run restore -- --from FILE` (docs/backups.md#restoring): runs the built command (apps/server/dist/restore.js),
// or its source through tsx when the server's sources changed since the build and the dev dependencies are installed.
import { runServerCommand } from './server-command.mjs';

await runServerCommand('restore', 'restore');
