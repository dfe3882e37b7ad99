import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { AppError } from '../../lib/app-error';
import { createStorageService } from './storage.service';

/**
 * Serves stored objects: public buckets as they are, private ones only through a valid signed URL.
 * Images and PDFs are shown inline, every other file is an attachment, and every answer here carries
 * the sandboxed Content-Security-Policy (http/middleware/security-headers.ts).
 */
export function storageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const objects = createStorageService({ storage: deps.storage, storageSecret: deps.storageSecret });

  app.get('/api/storage/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const prefix = `/api/storage/${bucket}/`;
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      throw new AppError('NOT_FOUND', 'Not found'); // malformed percent-encoding names no object
    }
    const object = await objects.read(bucket, path, { expires: Number(c.req.query('expires')), sig: c.req.query('sig') ?? '' });
    c.header('Content-Type', object.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', object.cacheControl);
    c.header('Content-Disposition', object.disposition);
    return c.body(new Uint8Array(object.body));
  });
  return app;
}
