// The storage interface: one small contract, local disk by default, S3-compatible later.

/** The storage buckets; avatars is public, the others need signed URLs. */
export const BUCKETS = ['avatars', 'chat-attachments', 'project-files', 'documents', 'feedback-screenshots'] as const;
export type Bucket = (typeof BUCKETS)[number];
export const PUBLIC_BUCKETS: readonly Bucket[] = ['avatars'];

export type PutOptions = { contentType: string; cacheControl?: string; upsert?: boolean };
export type StoredObject = { body: Buffer; contentType: string; cacheControl: string | undefined };

export class ObjectExistsError extends Error {
  constructor(public readonly path: string) {
    super(`An object already exists at ${path}`);
  }
}

export type Storage = {
  put: (bucket: Bucket, path: string, body: Buffer, options: PutOptions) => Promise<void>;
  get: (bucket: Bucket, path: string) => Promise<StoredObject | null>;
  remove: (bucket: Bucket, path: string) => Promise<void>;
  /** A URL that serves the object: permanent for public buckets, expiring after `seconds` otherwise. */
  url: (bucket: Bucket, path: string, seconds?: number) => string;
};

/** Object paths are relative, without '..', backslashes or empty segments. */
export function isSafeObjectPath(path: string): boolean {
  if (path.length === 0 || path.length > 512 || path.startsWith('/') || path.includes('\\')) return false;
  return path.split('/').every((part) => part !== '' && part !== '.' && part !== '..');
}
