/** What the backup and restore commands share: their settings, how they take their one option and how they fail. */
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig, type Config } from '../config/env.js';
import { BackupError } from './archive.js';

/**
 * The server's settings from the environment. Neither command signs anything, and outside production a store without
 * TOKEN_SECRET keeps its secret in DATA_DIR/.token-secret, which loadConfig would make in the very folder a restore
 * must find empty: a stand-in secret keeps it from making one. The data folder's own secret is backed up as a file.
 */
export function commandConfig(env: NodeJS.ProcessEnv = process.env): Config {
  return loadConfig({ ...env, TOKEN_SECRET: env.TOKEN_SECRET || 'unused-by-backup-and-restore-commands' });
}

export const megabytes = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

export interface CommandSpec {
  /** "back up", "restore": printed as "Cannot <verb>: …". */
  verb: string;
  /** The one option, a file (`to`, `from`), and what to say when it is missing. */
  option: string;
  missing: string;
  usage: string;
  run(file: string, config: Config): Promise<void>;
}

/** Runs a command: a refusal (a bad setting, a BackupError) prints its message alone and exits with 1. */
export async function runCommand(spec: CommandSpec): Promise<void> {
  const fail = (message: string, withUsage = false): never => {
    console.error(`\n  Cannot ${spec.verb}: ${message}\n${withUsage ? `\n  ${spec.usage}\n` : ''}`);
    process.exit(1);
  };
  let values: Record<string, string | boolean | undefined>;
  try {
    ({ values } = parseArgs({ options: { [spec.option]: { type: 'string' }, help: { type: 'boolean', short: 'h' } } }));
  } catch (error) {
    return fail((error as Error).message, true);
  }
  if (values.help) return console.log(spec.usage);
  const file = values[spec.option];
  if (typeof file !== 'string' || file === '') return fail(`--${spec.option}: ${spec.missing}`, true);
  try {
    await spec.run(file, commandConfig());
  } catch (error) {
    if (error instanceof ConfigError || error instanceof BackupError) fail(error.message);
    console.error(error);
    process.exit(1);
  }
}
