import { createMiddleware } from 'hono/factory';
import { AppError } from '../../lib/app-error';
import type { AppEnv } from '../context';
import { rejectUnsafeJsonBody } from './control-characters';
import { limitBody } from './upload';

/** JSON bodies of the PUT routes: the same 1 MB as every other JSON body. */
export const MAX_JSON_BYTES = 1024 * 1024;

/** The media type of a Content-Type header, without its parameters, lower case ('' when absent). */
export const mediaType = (header: string | undefined) => header?.split(';')[0]?.trim().toLowerCase() ?? '';

/**
 * A PUT that replaces a resource with JSON takes JSON only (the write guard leaves PUT bodies to
 * their routes, as raw uploads are PUTs): any other body is 415, like a POST's.
 */
export const jsonOnly = createMiddleware<AppEnv>(async (c, next) => {
  if (mediaType(c.req.header('content-type')) !== 'application/json') {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', 'Send the request body as JSON (Content-Type: application/json).');
  }
  await next();
});

/**
 * The middleware of a PUT route with a JSON body: JSON only, at most MAX_JSON_BYTES, and no control
 * character or lone surrogate in it (the check every other JSON body gets before its route).
 */
export function jsonPut() {
  return [jsonOnly, limitBody(MAX_JSON_BYTES), rejectUnsafeJsonBody] as const;
}
