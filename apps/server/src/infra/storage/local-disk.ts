import { createWriteStream } from 'node:fs';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { objectUrl } from './signed-url';
import { isSafeObjectPath, ObjectExistsError, type Bucket, type Storage } from './storage';

type Meta = { contentType: string; cacheControl?: string };

/** The sidecar file beside each object that keeps its content type and cache rule. */
export const LOCAL_META_SUFFIX = '.meta.json';

/** Files under DATA_DIR/storage/<bucket>/<path>, metadata in a sidecar JSON file. */
export function createLocalDiskStorage(options: { root: string; secret: string; publicUrl: string }): Storage {
  const fileOf = (bucket: Bucket, path: string) => {
    if (!isSafeObjectPath(path)) throw new Error(`Unsafe object path: ${path}`);
    return join(options.root, bucket, path);
  };

  return {
    async put(bucket, path, body, { contentType, cacheControl, upsert = false }) {
      const file = fileOf(bucket, path);
      await mkdir(dirname(file), { recursive: true });
      const meta: Meta = { contentType, cacheControl };
      // 'wx' creates the file or fails when it exists: no overwrite without upsert, atomically.
      const flag = upsert ? 'w' : 'wx';
      try {
        if (Buffer.isBuffer(body)) {
          await writeFile(file, body, { flag });
        } else {
          const out = createWriteStream(file, { flags: flag });
          await new Promise<void>((resolve, reject) => {
            out.once('open', () => resolve());
            out.once('error', reject);
          }).catch((error: unknown) => {
            body.destroy(); // refused (it exists): the body is never read
            throw error;
          });
          try {
            await pipeline(body, out);
          } catch (error) {
            await rm(file, { force: true }); // a stream that broke leaves no half-written object
            throw error;
          }
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(path);
        throw error;
      }
      await writeFile(`${file}${LOCAL_META_SUFFIX}`, JSON.stringify(meta));
    },
    async get(bucket, path) {
      const file = fileOf(bucket, path);
      try {
        const [body, metaText] = await Promise.all([readFile(file), readFile(`${file}${LOCAL_META_SUFFIX}`, 'utf8')]);
        const meta = JSON.parse(metaText) as Meta;
        return { body, contentType: meta.contentType, cacheControl: meta.cacheControl };
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
        throw error;
      }
    },
    async remove(bucket, path) {
      const file = fileOf(bucket, path);
      await rm(file, { force: true });
      await rm(`${file}${LOCAL_META_SUFFIX}`, { force: true });
    },
    url: (bucket, path, seconds) => objectUrl(options, bucket, path, seconds),
  };
}
