/**
 * `npm run storage:migrate`: copies DATA_DIR/files into the S3_BUCKET bucket under the same keys, so the store can
 * move its files to a bucket (docs/storage.md#moving-to-a-bucket). Keys already there with the same size are
 * skipped: a run that stopped is run again. Uses the same settings as the server; the data folder is only read.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config/env.js';
import { copyFolderToStorage } from '../src/adapters/storage/copy-folder-to-storage.js';
import { createS3Storage } from '../src/adapters/storage/s3-storage.js';

function fail(message: string): never {
  console.error(`\n  ${message}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  if (!config.s3) fail('Set S3_BUCKET (and the other S3_* settings the bucket needs) to the bucket to copy the files into.');
  const folder = path.join(config.dataDir, 'files');
  if (!existsSync(folder)) fail(`There is no data folder to copy: ${folder} does not exist.`);

  const bucket = createS3Storage(config.s3);
  console.log(`Copying ${folder} to ${bucket.location} …`);
  let done = 0;
  const report = await copyFolderToStorage(folder, bucket, (key, outcome) => {
    done += 1;
    if (outcome === 'failed' || done % 100 === 0) console.log(`  ${done} files checked (${key}: ${outcome})`);
  });
  bucket.client.destroy();

  const megabytes = (report.copiedBytes / 1024 / 1024).toFixed(1);
  console.log(`Copied ${report.copied} files (${megabytes} MB); ${report.skipped} were in the bucket already.`);
  if (report.ignored.length > 0) console.log(`Left out ${report.ignored.length} files that are no stored file (unfinished writes, odd names): ${report.ignored.join(', ')}`);
  if (report.failed.length > 0) {
    for (const f of report.failed) console.error(`  failed: ${f.key}: ${f.message}`);
    fail(`${report.failed.length} files could not be copied. Run the command again to copy them; the rest is skipped.`);
  }
}

await main();
