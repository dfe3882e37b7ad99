import { z } from 'zod';

/** Machine-readable error codes used in the one wire error shape. */
export const ERROR_CODES = [
  'VALIDATION_ERROR',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'PAYLOAD_TOO_LARGE',
  'UNSUPPORTED_MEDIA_TYPE',
  'RATE_LIMITED',
  'MAINTENANCE',
  'ACCOUNT_DISABLED',
  'EMAIL_ALREADY_REGISTERED',
  'WEAK_PASSWORD',
  'INTERNAL_ERROR',
] as const;

/** The spec's Error result: every API failure answers `{ error: ErrorResult }`. */
export const errorResultSchema = z.object({
  message: z.string(),
  code: z.string(),
  timestamp: z.string(),
  requestId: z.string(),
});
export type ErrorResult = z.infer<typeof errorResultSchema>;

/** The wire body of every failed API call. */
export const errorBodySchema = z.object({ error: errorResultSchema });
export type ErrorBody = z.infer<typeof errorBodySchema>;
