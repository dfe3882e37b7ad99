import { createHmac, timingSafeEqual } from 'node:crypto';
import { PUBLIC_BUCKETS, type Bucket } from './storage';

// Signed, expiring URLs: HMAC-SHA256 over bucket, path and expiry with the server secret.

function signature(secret: string, bucket: string, path: string, expires: number): string {
  return createHmac('sha256', secret).update(`${bucket}\n${path}\n${expires}`).digest('base64url');
}

/** Builds the query string that lets anyone holding it read the object until `expires` (epoch s). */
export function signObject(secret: string, bucket: string, path: string, expires: number): string {
  return `expires=${expires}&sig=${signature(secret, bucket, path, expires)}`;
}

/** True when the signature matches and the URL has not expired. */
export function verifyObjectSignature(secret: string, bucket: string, path: string, expires: number, sig: string, now = Date.now()): boolean {
  if (!Number.isInteger(expires) || expires * 1000 < now) return false;
  const expected = Buffer.from(signature(secret, bucket, path, expires));
  const given = Buffer.from(sig);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/**
 * The URL that serves an object through the app's /api/storage route, whichever driver stores it:
 * permanent for public buckets, signed and expiring after `seconds` otherwise (the browser never
 * talks to the object store itself).
 */
export function objectUrl(options: { secret: string; publicUrl: string }, bucket: Bucket, path: string, seconds = 600): string {
  const base = `${options.publicUrl}/api/storage/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
  if (PUBLIC_BUCKETS.includes(bucket)) return base;
  const expires = Math.floor(Date.now() / 1000) + seconds;
  return `${base}?${signObject(options.secret, bucket, path, expires)}`;
}
