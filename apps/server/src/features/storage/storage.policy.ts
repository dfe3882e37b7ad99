import { verifyObjectSignature } from '../../infra/storage/signed-url';
import { PUBLIC_BUCKETS, type Bucket } from '../../infra/storage/storage';

/** Public buckets are readable by anyone; a private object only through an unexpired URL signed for it. */
export function mayReadObject(secret: string, bucket: Bucket, path: string, signature: { expires: number; sig: string }): boolean {
  return PUBLIC_BUCKETS.includes(bucket) || verifyObjectSignature(secret, bucket, path, signature.expires, signature.sig);
}
