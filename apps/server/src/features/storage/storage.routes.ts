import { Hono } from 'hono';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { verifyObjectSignature } from '../../infra/storage/signed-url';
import { BUCKETS, isSafeObjectPath, PUBLIC_BUCKETS, type Bucket } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';

function isBucket(name: string): name is Bucket {
  return (BUCKETS as readonly string[]).includes(name);
}

/** Serves stored objects: public buckets as they are, private ones only through a valid signed URL. */
export function storageRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  app.get('/api/storage/:bucket/*', async (c) => {
    const bucket = c.req.param('bucket');
    const prefix = `/api/storage/${bucket}/`;
    let path: string;
    try {
      path = decodeURIComponent(c.req.path.slice(prefix.length));
    } catch {
      throw AppError.notFound(); // malformed percent-encoding names no object
    }
    if (!isBucket(bucket) || !isSafeObjectPath(path)) throw AppError.notFound();
    if (!PUBLIC_BUCKETS.includes(bucket)) {
      const expires = Number(c.req.query('expires'));
      const sig = c.req.query('sig') ?? '';
      if (!verifyObjectSignature(deps.storageSecret, bucket, path, expires, sig)) {
        throw AppError.forbidden('This link is invalid or has expired.');
      }
    }
    const object = await deps.storage.get(bucket, path);
    if (!object) throw AppError.notFound();
    c.header('Content-Type', object.contentType);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', object.cacheControl ?? (PUBLIC_BUCKETS.includes(bucket) ? 'public, max-age=3600' : 'private, max-age=300'));
    return c.body(new Uint8Array(object.body));
  });
  return app;
}
