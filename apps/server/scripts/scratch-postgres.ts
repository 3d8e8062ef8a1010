/** A scratch database on a PostgreSQL server for a bench run, dropped afterwards. */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchPostgres {
  url: string;
  drop(): Promise<void>;
}

export async function scratchPostgres(serverUrl: string, prefix = 'beat_bench'): Promise<ScratchPostgres> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`) };
}
