import { randomUUID } from 'node:crypto';
import { createMiddleware } from 'hono/factory';
import { REQUEST_ID_HEADER } from '@ridgeline/shared/domain/http';
import { requestContext } from '../../lib/request-context';
import type { AppEnv } from '../context';

/** Gives every request an id (the client's, when it sent a sane one) and echoes it in a header. */
export const requestId = createMiddleware<AppEnv>(async (c, next) => {
  const given = c.req.header(REQUEST_ID_HEADER);
  const id = given && /^[\w-]{8,64}$/.test(given) ? given : randomUUID();
  c.set('requestId', id);
  c.header(REQUEST_ID_HEADER, id);
  // Every log line written from here to the answer names the request (lib/logger.ts).
  await requestContext.run({ requestId: id }, next);
});
