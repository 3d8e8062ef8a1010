/**
 * `npm run admin:create -- --email ada@example.com [--password …] [--name "Ada Admin"]`
 * Makes the first admin on a real deployment (admin is a role flag, made from the command line: docs/product/accounts.md#admin).
 * An existing account is promoted; otherwise one is created — with the password given, or a generated one
 * that is printed once and must be changed at the first login. Uses the same settings as the server
 * (DATA_DIR for the embedded database, or DATABASE_URL), and records the change in the audit log.
 */
import { parseArgs } from 'node:util';
import { eq } from 'drizzle-orm';
import { emailField, passwordField } from '@beat/shared';
import { ConfigError, loadConfig, type Config } from '../src/config/env.js';
import { openDatabase, type Db } from '../src/db/client.js';
import { DataDirLockedError } from '../src/db/data-dir-lock.js';
import { users } from '../src/db/schema.js';
import { startRuntime } from '../src/runtime.js';
import { systemClock } from '../src/lib/clock.js';
import { hashPassword } from '../src/modules/auth/passwords.js';
import { commandLineActor, recordAudit, userSnapshot } from '../src/modules/audit/audit.service.js';
import { nameFromEmail, temporaryPassword } from '../src/modules/admin/admin-users.service.js';

const usage = 'Usage: npm run admin:create -- --email <address> [--password <8+ characters>] [--name "<full name>"]';

function fail(message: string): never {
  console.error(`\n  ${message}\n\n  ${usage}\n`);
  process.exit(1);
}

async function main(): Promise<void> {
  let values: { email?: string; password?: string; name?: string; help?: boolean };
  try {
    ({ values } = parseArgs({
      options: { email: { type: 'string' }, password: { type: 'string' }, name: { type: 'string' }, help: { type: 'boolean', short: 'h' } },
    }));
  } catch (error) {
    fail((error as Error).message);
  }
  if (values.help) {
    console.log(usage);
    return;
  }
  const email = emailField.safeParse(values.email ?? '');
  if (!email.success) fail(`--email: ${email.error.issues[0]?.message}`);
  if (values.password !== undefined) {
    const password = passwordField.safeParse(values.password);
    if (!password.success) fail(`--password: ${password.error.issues[0]?.message}`);
  }
  const fullName = values.name?.trim();
  if (fullName !== undefined && (fullName.length === 0 || fullName.length > 100)) fail('--name: give 1 to 100 characters.');

  const database = await openFor(loadConfig());
  try {
    const { db } = database;
    const now = systemClock.now();
    const [existing] = await db.select().from(users).where(eq(users.email, email.data)).limit(1);
    if (existing) {
      if (existing.isAdmin && values.password === undefined) {
        console.log(`\n  ${existing.email} is already an admin. Nothing changed.\n`);
        return;
      }
      const passwordHash = values.password === undefined ? undefined : await hashPassword(values.password);
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(users)
          .set({ isAdmin: true, ...(passwordHash ? { passwordHash, hasPasswordChanged: true } : {}), updatedAt: now })
          .where(eq(users.id, existing.id))
          .returning();
        await recordAudit(tx, commandLineActor, now, {
          action: 'user.make-admin',
          targetType: 'user',
          targetId: existing.id,
          before: userSnapshot(existing),
          after: userSnapshot(after!),
        });
      });
      console.log(`\n  ${existing.email} is now an admin${passwordHash ? ' (password set)' : ''}.\n`);
      return;
    }

    const generated = values.password === undefined ? temporaryPassword(16) : null;
    const password = values.password ?? generated!;
    const passwordHash = await hashPassword(password);
    await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(users)
        .values({
          email: email.data,
          fullName: fullName ?? nameFromEmail(email.data),
          passwordHash,
          isAdmin: true,
          // A generated password was shown on a terminal: it must be replaced at the first login.
          hasPasswordChanged: generated === null,
          createdAt: now,
          updatedAt: now,
        })
        .returning();
      await recordAudit(tx, commandLineActor, now, {
        action: 'user.make-admin',
        targetType: 'user',
        targetId: created!.id,
        after: userSnapshot(created!),
      });
    });
    console.log(`\n  Admin account created for ${email.data}.`);
    if (generated) {
      console.log(`  Temporary password: ${generated}\n  (shown once; you will be asked to change it when you first log in)`);
    }
    console.log('');
  } finally {
    await database.close();
  }
}

/**
 * The embedded database belongs to one process: open it the server's way, with the data folder's lock (a running
 * server makes this stop with a clear message). A PostgreSQL server takes many clients: no lock, the server may run.
 */
async function openFor(config: Config): Promise<{ db: Db; close(): Promise<void> }> {
  if (!config.databaseUrl) {
    const runtime = await startRuntime(config);
    return { db: runtime.deps.db, close: () => runtime.shutdown() };
  }
  const database = await openDatabase({ url: config.databaseUrl, poolSize: 2 });
  await database.migrate();
  return { db: database.db, close: () => database.close() };
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n  Cannot create the admin: ${error.message}\n`);
  } else {
    console.error(error);
  }
  process.exit(1);
});
