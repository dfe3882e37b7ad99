import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/** The connecting client's IP address: the socket's, never a header the client chose. */
export function clientIp(c: Context): string {
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
