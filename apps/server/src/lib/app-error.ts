import { errorMessage, errorStatus, type ErrorCode } from '@ridgeline/shared/domain/errors';

/**
 * The one error class. It takes only codes of the shared catalogue and is always sent with the
 * code's status; the message defaults to the catalogue's words for the code.
 */
export class AppError extends Error {
  /** The catalogue's status for the code; http/ sends it (middleware/errors.ts). */
  public readonly status: number;

  constructor(
    public readonly code: ErrorCode,
    message: string = errorMessage(code),
    public readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = errorStatus(code);
  }

  static badRequest(message: string, code: ErrorCode = 'VALIDATION_ERROR') {
    return new AppError(code, message);
  }

  static unauthenticated(message?: string) {
    return new AppError('UNAUTHENTICATED', message);
  }

  static forbidden(message?: string) {
    return new AppError('FORBIDDEN', message);
  }

  static notFound(message = 'Not found') {
    return new AppError('NOT_FOUND', message);
  }

  static conflict(message: string, code: ErrorCode = 'CONFLICT') {
    return new AppError(code, message);
  }

  static rateLimited(retryAfterSeconds: number, message = 'Too many attempts. Please try again later.') {
    return new AppError('RATE_LIMITED', message, { 'Retry-After': String(retryAfterSeconds) });
  }
}
