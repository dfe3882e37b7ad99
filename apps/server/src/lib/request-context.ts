import { AsyncLocalStorage } from 'node:async_hooks';

/** What every log line written while a request is being answered carries. */
export type RequestContext = { requestId: string };

/**
 * The request being answered, for the logger: the request-id middleware runs the rest of the request
 * inside it, so a line logged from any service, repository or job sent from there names its request.
 */
export const requestContext = new AsyncLocalStorage<RequestContext>();
