import { loadConfig } from '../config';
import { openDatabase, runMigrations, type Database } from '../infra/db/client';
import { startEmbeddedPostgres } from '../infra/db/embedded-postgres';
import { createLogger } from '../lib/logger';

/**
 * The database the app uses: DATABASE_URL, or the embedded one under DATA_DIR (the running
 * server's when it is up, else started for this command and stopped after it).
 */
export async function withCliDatabase<T>(work: (database: Database) => Promise<T>): Promise<T> {
  const config = loadConfig();
  const logger = createLogger('warn');
  const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, 'cli');
  const database = openDatabase(config.databaseUrl ?? embedded?.url ?? '', logger, 2);
  try {
    await runMigrations(database);
    return await work(database);
  } finally {
    await database.close();
    await embedded?.stop();
  }
}
