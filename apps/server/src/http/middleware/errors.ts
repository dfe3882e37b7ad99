import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { ZodError } from 'zod';
import type { ErrorBody } from '@ridgeline/shared/domain/errors';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import type { AppEnv } from '../context';

const CODE_BY_STATUS: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'RATE_LIMITED',
  503: 'MAINTENANCE',
};

/** Builds the one wire error shape. */
export function errorBody(c: Context<AppEnv>, code: string, message: string): ErrorBody {
  return { error: { message, code, timestamp: new Date().toISOString(), requestId: c.get('requestId') } };
}

/** Answers with the one error shape and the right status. */
export function errorResponse(c: Context<AppEnv>, status: ContentfulStatusCode, code: string, message: string) {
  return c.json(errorBody(c, code, message), status);
}

/** Formats the first zod issue as a sentence naming the field. */
export function describeZodError(error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] }): string {
  const issue = error.issues[0];
  if (!issue) return 'Please check your input and try again.';
  const field = issue.path.map(String).join('.');
  return field ? `${field}: ${issue.message}` : issue.message;
}

/** Hono onError: every thrown error becomes the error shape; only real faults are 500s. */
export function handleError(logger: Logger) {
  return (error: Error, c: Context<AppEnv>) => {
    if (error instanceof AppError) {
      for (const [name, value] of Object.entries(error.headers)) c.header(name, value);
      return errorResponse(c, error.status, error.code, error.message);
    }
    if (error instanceof ZodError) return errorResponse(c, 400, 'VALIDATION_ERROR', describeZodError(error));
    if (error instanceof HTTPException) {
      const status = error.status as ContentfulStatusCode;
      return errorResponse(c, status, CODE_BY_STATUS[status] ?? 'ERROR', error.message || 'Request failed');
    }
    logger.error({ err: error, requestId: c.get('requestId'), path: c.req.path }, 'unhandled error');
    return errorResponse(c, 500, 'INTERNAL_ERROR', 'Server error. Please try again later.');
  };
}
