import { fileURLToPath } from 'node:url';
import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema/index';
import type { Logger } from '../../lib/logger';

export type Db = NodePgDatabase<typeof schema>;
export type DbTx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

const migrationsFolder = fileURLToPath(new URL('./migrations', import.meta.url));

/** Opens a pool on the given PostgreSQL URL. */
export function openDatabase(url: string, logger: Logger, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // Idle clients get 57P01 when postgres shuts down; that must not crash the process.
  pool.on('error', (error) => logger.warn({ err: error.message }, 'database pool error'));
  const db = drizzle(pool, { schema });
  return { db, pool, close: () => pool.end() };
}

/** Applies pending migrations; a no-op when the schema is current. */
export async function runMigrations(database: Database): Promise<void> {
  await migrate(database.db, { migrationsFolder });
}
