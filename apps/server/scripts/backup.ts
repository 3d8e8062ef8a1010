/**
 * `npm run backup -- --to FILE`: the store's database, files and token secret in one file (docs/backups.md). Uses the
 * same settings as the server (DATA_DIR, DATABASE_URL, S3_*). On the embedded database the server must be stopped;
 * a store on a PostgreSQL server keeps serving.
 */
import { makeBackup } from '../src/backups/backup.js';
import { megabytes, runCommand } from '../src/backups/command.js';

await runCommand({
  verb: 'back up',
  option: 'to',
  missing: 'give the file to write.',
  usage: 'Usage: npm run backup -- --to <file>   (a new file, e.g. beat-market-2026-06-01.tar.gz)',
  async run(file, config) {
    const report = await makeBackup(config, file, (line) => console.log(`  ${line}`));
    const { database } = report.manifest;
    console.log(
      `\n  Wrote ${report.file} (${megabytes(report.bytes)}): the ${database.kind === 'pglite' ? 'embedded' : 'PostgreSQL'} database ` +
        `(${megabytes(report.databaseBytes)}, migration ${database.migrations.latestTag ?? database.migrations.latest}), ` +
        `${report.files} files (${megabytes(report.fileBytes)})${report.manifest.tokenSecret ? " and the data folder's token secret" : ''}.`,
    );
    const { ignored, gone } = report.leftOut;
    if (ignored.length > 0) console.log(`  Left out ${ignored.length} names that are no stored file: ${ignored.join(', ')}`);
    if (gone.length > 0) console.log(`  ${gone.length} files were deleted while the backup ran: ${gone.join(', ')}`);
    console.log('');
  },
});
