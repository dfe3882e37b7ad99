import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';

/**
 * The client's IP address: the socket's peer, or what a trusted proxy forwarded (resolved once by
 * middleware/trusted-proxy.ts), never a header an untrusted client chose.
 */
export function clientIp(c: Context): string {
  const resolved: unknown = c.get('clientIp');
  if (typeof resolved === 'string') return resolved;
  try {
    return getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    return 'unknown';
  }
}
