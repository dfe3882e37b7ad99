import { AsyncLocalStorage } from 'node:async_hooks';
import { databaseAppError } from '../../infra/db/database-errors';
import type { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';

// better-auth turns every failure of a request into a Response of its own: a busy database under it
// (a full pool, a statement past its timeout) becomes a bare 500 whose cause is gone. The error itself
// reaches its logger (a route's own catch) or its onAPIError hook (anything a route let through), so
// both keep it here for the request the gateway forwards, and the gateway answers a busy database the
// way every other route does: 503 with the one error shape and a Retry-After.

type Fault = { busy?: AppError };

const faults = new AsyncLocalStorage<Fault>();

/** Runs one request through better-auth: its response, and the busy-database answer it failed on, if any. */
export async function withAuthFault(work: () => Promise<Response>): Promise<{ response: Response; busy: AppError | undefined }> {
  const fault: Fault = {};
  const response = await faults.run(fault, work);
  return { response, busy: fault.busy };
}

/** Keeps a busy-database error of the request being forwarded; true when it was one. */
function recordBusy(error: unknown): boolean {
  const busy = databaseAppError(error);
  if (!busy) return false;
  const fault = faults.getStore();
  if (fault) fault.busy ??= busy;
  return true;
}

/** better-auth's onAPIError hook. */
export function recordAuthFault(error: unknown): void {
  recordBusy(error);
}

type AuthLogLevel = 'debug' | 'info' | 'warn' | 'error';

/**
 * better-auth's logger: its lines go to the product's log (with the request's id); a busy database is
 * kept for the gateway instead, whose error handler logs it once as a warning.
 */
export function authLog(logger: Logger) {
  return (level: AuthLogLevel, message: string, ...args: unknown[]): void => {
    const err = args.find((arg) => arg instanceof Error);
    if (err !== undefined && recordBusy(err)) return;
    logger[level]({ err, source: 'better-auth' }, message);
  };
}
