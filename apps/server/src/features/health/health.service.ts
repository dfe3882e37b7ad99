import type { HealthResponse, LiveResponse, ReadyResponse } from '@ridgeline/shared/contracts/health';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import { pingDatabase } from './health.repository';

export type HealthServiceDeps = { db: Db; databaseMode: HealthResponse['database']; version: string; draining: () => boolean };

/**
 * Health for load balancers and the status page. Liveness: the process answers (restart it when it
 * does not). Readiness: send it traffic (the database answers and it is not shutting down). Health:
 * ok only while the database answers (the status page's view).
 */
export function createHealthService({ db, databaseMode, version, draining }: HealthServiceDeps) {
  async function databaseAnswers(): Promise<void> {
    try {
      await pingDatabase(db);
    } catch {
      throw new AppError('DATABASE_UNAVAILABLE', 'The database is not reachable.');
    }
  }

  async function check(): Promise<HealthResponse> {
    await databaseAnswers();
    return { status: 'ok', database: databaseMode, version };
  }

  function live(): LiveResponse {
    return { status: 'live', version };
  }

  async function ready(): Promise<ReadyResponse> {
    if (draining()) throw new AppError('SHUTTING_DOWN');
    await databaseAnswers();
    return { status: 'ready', database: databaseMode, version };
  }

  return { check, live, ready };
}

export type HealthService = ReturnType<typeof createHealthService>;
