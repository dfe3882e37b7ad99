import { pino, type DestinationStream, type Logger } from 'pino';
import { requestContext } from './request-context';

export type { Logger };

/**
 * The server's structured logger: JSON lines on stdout (or the given stream). A line written while a
 * request is being answered carries its `requestId`, the id its answer carries in `X-Request-Id`.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = { level, base: undefined, mixin: () => requestContext.getStore() ?? {} };
  return destination ? pino(options, destination) : pino(options);
}
