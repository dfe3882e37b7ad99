import { BUCKETS, isSafeObjectPath, PUBLIC_BUCKETS, type Bucket, type Storage } from '../../infra/storage/storage';
import { AppError } from '../../lib/app-error';
import { mayReadObject } from './storage.policy';

export type StorageServiceDeps = { storage: Storage; storageSecret: string };
export type ServedObject = { body: Buffer; contentType: string; cacheControl: string; disposition: 'inline' | 'attachment' };

/**
 * Whether a stored file is shown in the browser: raster images (photos, avatars, logos, chat images,
 * signatures) and PDFs (reports, proposals) are. Anything else people store (an XML measurement report,
 * text, Office files, video and audio, an SVG or an HTML page whatever it is labelled) is only ever
 * downloaded, so no file becomes a page of the app's origin. Media elements and <img> play and show
 * their sources whatever this says.
 */
export function showsInline(contentType: string): boolean {
  const type = contentType.split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'application/pdf') return true;
  return type.startsWith('image/') && !type.includes('svg') && !type.includes('xml');
}

function isBucket(name: string): name is Bucket {
  return (BUCKETS as readonly string[]).includes(name);
}

/** Reads stored objects for the browser; an unknown bucket or unsafe path names no object (404). */
export function createStorageService({ storage, storageSecret }: StorageServiceDeps) {
  async function read(bucketName: string, path: string, signature: { expires: number; sig: string }): Promise<ServedObject> {
    if (!isBucket(bucketName) || !isSafeObjectPath(path)) throw new AppError('NOT_FOUND', 'Not found');
    const bucket = bucketName;
    if (!mayReadObject(storageSecret, bucket, path, signature)) throw new AppError('FORBIDDEN', 'This link is invalid or has expired.');
    const object = await storage.get(bucket, path);
    if (!object) throw new AppError('NOT_FOUND', 'Not found');
    // Objects stored without their own cache rule: public ones cache for an hour, private ones briefly and privately.
    const cacheControl = object.cacheControl ?? (PUBLIC_BUCKETS.includes(bucket) ? 'public, max-age=3600' : 'private, max-age=300');
    return { body: object.body, contentType: object.contentType, cacheControl, disposition: showsInline(object.contentType) ? 'inline' : 'attachment' };
  }

  return { read };
}

export type StorageService = ReturnType<typeof createStorageService>;
