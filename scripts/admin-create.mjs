// `npm run admin:create -- …`: runs the built command (apps/server/dist/admin-create.js), or its source through tsx
// when the server's sources changed since the build and the dev dependencies are installed.
import { runServerCommand } from './server-command.mjs';

await runServerCommand('admin-create', 'create the admin');
