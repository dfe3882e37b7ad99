import type { Readable } from 'node:stream';

// The storage interface: one small contract with two drivers, local disk (the default, under
// DATA_DIR/storage) and S3-compatible (STORAGE_DRIVER=s3, s3.ts); both are run by the same contract
// tests (storage-contract.test.ts).

/** The storage buckets; avatars is public, the others need signed URLs. */
export const BUCKETS = ['avatars', 'chat-attachments', 'project-files', 'documents', 'feedback-screenshots'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const PUBLIC_BUCKETS: readonly Bucket[] = ['avatars'];

export type PutOptions = { contentType: string; cacheControl?: string; upsert?: boolean };
/** What put stores: bytes in memory, or a stream read once as it is sent (nothing is buffered whole). */
export type StorageBody = Buffer | Readable;
export type StoredObject = { body: Buffer; contentType: string; cacheControl: string | undefined };

export class ObjectExistsError extends Error {
  constructor(public readonly path: string) {
    super(`An object already exists at ${path}`);
  }
}

export type Storage = {
  /** Stores the object; without `upsert` an existing object is never replaced (ObjectExistsError). */
  put: (bucket: Bucket, path: string, body: StorageBody, options: PutOptions) => Promise<void>;
  get: (bucket: Bucket, path: string) => Promise<StoredObject | null>;
  remove: (bucket: Bucket, path: string) => Promise<void>;
  /** A URL that serves the object: permanent for public buckets, expiring after `seconds` otherwise. */
  url: (bucket: Bucket, path: string, seconds?: number) => string;
};

/**
 * Whether a relative path ('/'-separated) names something below the folder it is read against: no
 * leading '/', no backslash, no empty, '.' or '..' segment, so it never climbs out of that folder.
 */
export function staysBelow(path: string): boolean {
  if (path.length === 0 || path.startsWith('/') || path.includes('\\')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}

/** Object paths stay below their bucket and are at most 512 characters. */
export function isSafeObjectPath(path: string): boolean {
  return path.length <= 512 && staysBelow(path);
}
