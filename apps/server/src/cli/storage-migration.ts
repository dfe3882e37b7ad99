import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { LOCAL_META_SUFFIX } from '../infra/storage/local-disk';
import { BUCKETS, isSafeObjectPath, ObjectExistsError, type Bucket, type Storage } from '../infra/storage/storage';

// `npm run storage:migrate`: copies the local store (DATA_DIR/storage/<bucket>/<path>, each object with
// its .meta.json sidecar) into the S3 store under the same buckets and paths, then reads every object
// back and checks its SHA-256. Objects already there with the same SHA-256 are skipped, so the
// command can run again after an interruption; one there with other bytes is never overwritten.

export type MigrationOutcome = 'copied' | 'already there' | 'different object there' | 'mismatch after copy' | 'failed';
export type MigrationSummary = {
  objects: number;
  copied: number;
  skipped: number;
  failed: { bucket: Bucket; path: string; outcome: MigrationOutcome; detail?: string }[];
};

type Meta = { contentType?: string; cacheControl?: string };

const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

async function fileSha256(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

async function readMeta(file: string): Promise<Meta> {
  try {
    return JSON.parse(await readFile(`${file}${LOCAL_META_SUFFIX}`, 'utf8')) as Meta;
  } catch {
    return {}; // no sidecar: stored as a generic download
  }
}

/** Every object of a local bucket folder: its files, less the metadata sidecars. */
async function objectsOf(root: string, bucket: Bucket): Promise<string[]> {
  const folder = join(root, bucket);
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.endsWith(LOCAL_META_SUFFIX))
    .map((entry) => relative(folder, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/** Copies every object of the local store at `root` into `target` and verifies each one's SHA-256. */
export async function migrateLocalStore(root: string, target: Storage, log: (line: string) => void): Promise<MigrationSummary> {
  const summary: MigrationSummary = { objects: 0, copied: 0, skipped: 0, failed: [] };
  for (const bucket of BUCKETS) {
    for (const path of await objectsOf(root, bucket)) {
      summary.objects += 1;
      const fail = (outcome: MigrationOutcome, detail?: string) => {
        summary.failed.push({ bucket, path, outcome, ...(detail ? { detail } : {}) });
        log(`${outcome}: ${bucket}/${path}${detail ? ` (${detail})` : ''}`);
      };
      if (!isSafeObjectPath(path)) {
        fail('failed', 'not a valid object path');
        continue;
      }
      try {
        const file = join(root, bucket, path);
        const expected = await fileSha256(file);
        const present = await target.get(bucket, path);
        if (present) {
          if (sha256(present.body) === expected) {
            summary.skipped += 1;
            continue;
          }
          fail('different object there', 'left as it is');
          continue;
        }
        const meta = await readMeta(file);
        try {
          // Streamed from the disk: a large file is sent in parts, never read whole into memory.
          await target.put(bucket, path, createReadStream(file), {
            contentType: meta.contentType ?? 'application/octet-stream',
            ...(meta.cacheControl ? { cacheControl: meta.cacheControl } : {}),
          });
        } catch (error) {
          if (error instanceof ObjectExistsError) {
            fail('different object there', 'written meanwhile, left as it is');
            continue;
          }
          throw error;
        }
        const copied = await target.get(bucket, path);
        if (!copied || sha256(copied.body) !== expected) {
          fail('mismatch after copy', copied ? `SHA-256 ${sha256(copied.body)}, expected ${expected}` : 'not found after copy');
          continue;
        }
        summary.copied += 1;
      } catch (error) {
        fail('failed', error instanceof Error ? error.message : String(error));
      }
    }
  }
  return summary;
}
