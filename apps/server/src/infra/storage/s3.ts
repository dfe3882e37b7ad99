import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { objectUrl } from './signed-url';
import type { S3Settings } from '../../config';
import { isSafeObjectPath, ObjectExistsError, type Bucket, type Storage } from './storage';

/** The one S3 client of a process, on the official SDK. */
export function createS3Client(settings: S3Settings): S3Client {
  return new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    ...(settings.accessKeyId && settings.secretAccessKey
      ? { credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey } }
      : {}),
    // Checksums only where an operation requires them: several S3-compatible servers do not accept
    // the SDK's default trailing CRC32 on every upload. S3 still checks each part's Content-MD5/length.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
}

/** Each product bucket is a key prefix in the one S3 bucket: <bucket>/<path>, the same path as on disk. */
export function s3ObjectKey(bucket: Bucket, path: string): string {
  if (!isSafeObjectPath(path)) throw new Error(`Unsafe object path: ${path}`);
  return `${bucket}/${path}`;
}

function statusOf(error: unknown): number | undefined {
  return error instanceof S3ServiceException ? error.$metadata.httpStatusCode : undefined;
}

/** S3's answer when a conditional write finds the key taken (412), or loses a race for it (409). */
function isKeyTaken(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'PreconditionFailed' || error.name === 'ConditionalRequestConflict' || statusOf(error) === 412);
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || statusOf(error) === 404);
}

/**
 * Objects in one S3 bucket (key <bucket>/<path>), served through the app's signed /api/storage URLs
 * like the local driver's. Uploads stream through the SDK's multipart Upload (one PUT when small).
 * No overwrite without upsert: the write is conditional (If-None-Match: *), which S3 and MinIO apply
 * atomically; a HEAD before it refuses an existing key on servers that ignore the condition too.
 */
export function createS3Storage(options: { client: S3Client; bucket: string; secret: string; publicUrl: string }): Storage {
  const { client, bucket: s3Bucket } = options;

  async function exists(key: string): Promise<boolean> {
    try {
      await client.send(new HeadObjectCommand({ Bucket: s3Bucket, Key: key }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  return {
    async put(bucket, path, body, { contentType, cacheControl, upsert = false }) {
      const key = s3ObjectKey(bucket, path);
      if (!upsert && (await exists(key))) {
        if (!Buffer.isBuffer(body)) body.destroy();
        throw new ObjectExistsError(path);
      }
      const upload = new Upload({
        client,
        params: {
          Bucket: s3Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ...(cacheControl ? { CacheControl: cacheControl } : {}),
          ...(upsert ? {} : { IfNoneMatch: '*' }),
        },
      });
      try {
        await upload.done(); // a failed multipart upload is aborted by Upload: no parts are left behind
      } catch (error) {
        if (isKeyTaken(error)) throw new ObjectExistsError(path);
        throw error;
      }
    },
    async get(bucket, path) {
      const key = s3ObjectKey(bucket, path);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: s3Bucket, Key: key }));
        if (!object.Body) return null;
        const body = Buffer.from(await object.Body.transformToByteArray());
        return { body, contentType: object.ContentType ?? 'application/octet-stream', cacheControl: object.CacheControl };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(bucket, path) {
      // Deleting a key that is not there succeeds, as the local driver's does.
      await client.send(new DeleteObjectCommand({ Bucket: s3Bucket, Key: s3ObjectKey(bucket, path) }));
    },
    url: (bucket, path, seconds) => objectUrl(options, bucket, path, seconds),
  };
}
