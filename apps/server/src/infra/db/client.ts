import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import type { Logger } from '../../lib/logger';

/** The database on a pool; `$client` is the pool, for the few named statements written as SQL text. */
export type Db = NodePgDatabase<typeof schema> & { $client: pg.Pool };
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/**
 * Opens a pool on the given PostgreSQL URL. With `connectionTimeoutMs` (the server's pool), a caller
 * waits at most that long for a free connection, or for a new one to open, and then fails (503
 * `DATABASE_BUSY`, database-errors.ts) instead of queueing behind a stall for ever; 0 waits as long as it takes.
 */
export function openDatabase(url: string, logger: Logger, max = 10, connectionTimeoutMs = 0): Database {
  const pool = new pg.Pool({ connectionString: url, max, connectionTimeoutMillis: connectionTimeoutMs });
  // Idle clients get 57P01 when postgres shuts down; that must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error.message }, 'database pool error'));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

// Any fixed number: several instances starting at once migrate one after the other.
const MIGRATION_LOCK = 724_311;

/** Applies pending migrations under an advisory lock; a no-op when the schema is current. */
export async function runMigrations(database: Database): Promise<void> {
  const client = await database.pool.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    client.release();
  }
}
