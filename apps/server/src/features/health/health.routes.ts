import { sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { HealthResponse } from '@ridgeline/shared/contracts/health';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { AppError } from '../../lib/app-error';

/** GET /api/health: answers once the database does. */
export function healthRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/api/health', async (c) => {
    try {
      await deps.database.db.execute(sql`select 1`);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.');
    }
    const body: HealthResponse = { status: 'ok', database: deps.databaseMode, version: deps.version };
    return c.json(body);
  });
  return app;
}
