import { join } from 'node:path';
import { loadConfig } from '../config';
import { createS3Client, createS3Storage } from '../infra/storage/s3';
import { migrateLocalStore } from './storage-migration';

// `npm run storage:migrate`: copies DATA_DIR/storage into the S3 bucket the S3_* variables name (with
// STORAGE_DRIVER=s3, as the server will run), verifying every object's SHA-256. Exit 0 when every
// object is in the bucket with the same bytes, 1 otherwise, 2 when S3 is not configured.
const config = loadConfig();
if (config.storage.driver !== 's3') {
  console.error('Set STORAGE_DRIVER=s3 and the S3_* variables of the bucket to copy into (see the README), then run this again.');
  process.exit(2);
}
const root = join(config.dataDir, 'storage');
const client = createS3Client(config.storage);
// The URLs are never made here; the storage only copies.
const target = createS3Storage({ client, bucket: config.storage.bucket, secret: 'unused', publicUrl: config.publicUrl });
console.log(`Copying ${root} into s3://${config.storage.bucket} ...`);
const summary = await migrateLocalStore(root, target, (line) => console.log(line));
client.destroy();
console.log(
  `${summary.objects} objects: ${summary.copied} copied and verified, ${summary.skipped} already there with the same SHA-256, ${summary.failed.length} failed.`,
);
if (summary.failed.length > 0) {
  console.error('Some objects are not in the bucket as they are on disk (listed above). Nothing was overwritten; fix them and run this again.');
  process.exit(1);
}
console.log('Every object is in the bucket with the same SHA-256. Start the server with STORAGE_DRIVER=s3.');
process.exit(0);
