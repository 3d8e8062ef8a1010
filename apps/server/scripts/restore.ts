/**
 * `npm run restore -- --from FILE`: puts a backup into an empty store (docs/backups.md#restoring), with the same
 * settings as the server: an empty DATA_DIR for the embedded database, or DATABASE_URL naming an empty database;
 * files go to DATA_DIR/files, or to the S3_BUCKET bucket, which must be empty. All of it is restored, or nothing.
 */
import { restoreBackup } from '../src/backups/restore.js';
import { megabytes, runCommand } from '../src/backups/command.js';

await runCommand({
  verb: 'restore',
  option: 'from',
  missing: 'give the backup file to restore.',
  usage: 'Usage: npm run restore -- --from <backup file>',
  async run(file, config) {
    const report = await restoreBackup(config, file, (line) => console.log(`  ${line}`));
    const { database } = report.manifest;
    const into = database.kind === 'pglite' ? `embedded database into ${config.dataDir}` : 'PostgreSQL database';
    console.log(
      `\n  Restored the backup of ${report.manifest.createdAt}: the ${into} (migration ${database.migrations.latestTag ?? database.migrations.latest}) ` +
        `and ${report.files} files (${megabytes(report.fileBytes)}) into ${report.filesTo}.` +
        '\n  Start the store as usual: it brings an older schema up to date.\n',
    );
  },
});
