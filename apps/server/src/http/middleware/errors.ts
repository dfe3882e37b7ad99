import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import { errorMessage, errorStatus, type ErrorBody, type ErrorCode } from '@ridgeline/shared/domain/errors';
import { databaseAppError } from '../../infra/db/database-errors';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { clientIp } from '../client-ip';
import type { AppEnv } from '../context';

/** The generic catalogue code of each status an HTTP failure may carry. */
const GENERIC_BY_STATUS: Record<number, ErrorCode> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE_ENTITY',
  429: 'RATE_LIMITED',
  500: 'INTERNAL_ERROR',
  502: 'UPSTREAM_FAILED',
  503: 'MAINTENANCE',
};

/**
 * The generic catalogue code for a status; a status without one becomes the nearest generic answer
 * (a client error is a bad request, a server error an internal one), so status and code always agree.
 */
export function genericCodeForStatus(status: number): ErrorCode {
  return GENERIC_BY_STATUS[status] ?? (status >= 500 ? 'INTERNAL_ERROR' : 'VALIDATION_ERROR');
}

/** The HTTP status a catalogue code is sent with. */
export function statusOf(code: ErrorCode): ContentfulStatusCode {
  return errorStatus(code) as ContentfulStatusCode;
}

/** Builds the one wire error shape; the words default to the catalogue's. */
export function errorBody(c: Context<AppEnv>, code: ErrorCode, message: string = errorMessage(code)): ErrorBody {
  return { error: { message, code, timestamp: new Date().toISOString(), requestId: c.get('requestId') } };
}

/** Answers with the one error shape and the code's status. */
export function errorResponse(c: Context<AppEnv>, code: ErrorCode, message?: string) {
  return c.json(errorBody(c, code, message), statusOf(code));
}

/** Formats the first zod issue as a sentence naming the field. */
export function describeZodError(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Please check your input and try again.';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/**
 * Refusals no person's mistake makes (a probe of the server): each is logged once, at warn, with
 * the client's address and no stack, so an operator sees them without a fault's noise.
 */
const PROBES: ReadonlySet<ErrorCode> = new Set<ErrorCode>(['JSON_TOO_DEEP']);

/** Sends an AppError: its headers (Retry-After), its status, the one shape. */
function appErrorResponse(c: Context<AppEnv>, error: AppError) {
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
  return errorResponse(c, error.code, error.message);
}

/** Hono onError: every thrown error becomes the error shape; only real faults are 500s. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    if (error instanceof AppError) {
      if (PROBES.has(error.code)) logger.warn({ code: error.code, method: c.req.method, path: c.req.path, ip: clientIp(c) }, error.message);
      return appErrorResponse(c, error);
    }
    // A full pool or a statement past its timeout is the database saying "not now": 503, logged as a warning.
    const busy = databaseAppError(error);
    if (busy) {
      logger.warn({ code: busy.code, requestId: c.get('requestId'), path: c.req.path }, 'database busy');
      return appErrorResponse(c, busy);
    }
    if (error instanceof ZodError) return errorResponse(c, 'VALIDATION_ERROR', describeZodError(error));
    if (error instanceof HTTPException) return errorResponse(c, genericCodeForStatus(error.status), error.message || 'Request failed');
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return errorResponse(c, 'INTERNAL_ERROR', 'Server error. Please try again later.');
  };
}
