import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error class: a status, a code from the shared catalogue and a message for the user. */
export class AppError extends Error {
  constructor(
    public readonly status: ContentfulStatusCode,
    public readonly code: string,
    message: string,
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }

  static badRequest(message: string, code = 'VALIDATION_ERROR') {
    return new AppError(400, code, message);
  }
  static unauthenticated(message = 'Authentication required. Please sign in and try again.') {
    return new AppError(401, 'UNAUTHENTICATED', message);
  }
  static forbidden(message = 'You do not have permission to perform this action.') {
    return new AppError(403, 'FORBIDDEN', message);
  }
  static notFound(message = 'Not found') {
    return new AppError(404, 'NOT_FOUND', message);
  }
  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(409, code, message);
  }
  static rateLimited(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    return new AppError(429, 'RATE_LIMITED', message, { 'Retry-After': String(retryAfterSeconds) });
  }
}
