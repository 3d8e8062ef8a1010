// `npm run backup -- --to FILE` (docs/backups.md): runs the built command (apps/server/dist/backup.js), or its source
// through tsx when the server's sources changed since the build and the dev dependencies are installed.
import { runServerCommand } from './server-command.mjs';

await runServerCommand('backup', 'back up');
