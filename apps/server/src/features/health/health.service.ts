import type { HealthResponse } from '@ridgeline/shared/contracts/health';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { pingDatabase } from './health.repository';

export type HealthServiceDeps = { db: Db; databaseMode: HealthResponse['database']; version: string };

/** Health for load balancers and the status page: ok only while the database answers. */
export function createHealthService({ db, databaseMode, version }: HealthServiceDeps) {
  async function check(): Promise<HealthResponse> {
    try {
      await pingDatabase(db);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.');
    }
    return { status: 'ok', database: databaseMode, version };
  }

  return { check };
}

export type HealthService = ReturnType<typeof createHealthService>;
