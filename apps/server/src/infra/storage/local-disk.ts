import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { signObject } from './signed-url';
import { isSafeObjectPath, ObjectExistsError, PUBLIC_BUCKETS, type Bucket, type Storage } from './storage';

type Meta = { contentType: string; cacheControl?: string };

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
      try {
        await writeFile(file, body, { flag: upsert ? 'w' : 'wx' });
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') throw new ObjectExistsError(path);
        throw error;
      }
      await writeFile(`${file}.meta.json`, JSON.stringify(meta));
    },
    async get(bucket, path) {
      const file = fileOf(bucket, path);
      try {
        const [body, metaText] = await Promise.all([readFile(file), readFile(`${file}.meta.json`, 'utf8')]);
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
      await rm(`${file}.meta.json`, { force: true });
    },
    url(bucket, path, seconds = 600) {
      const base = `${options.publicUrl}/api/storage/${bucket}/${path.split('/').map(encodeURIComponent).join('/')}`;
      if (PUBLIC_BUCKETS.includes(bucket)) return base;
      const expires = Math.floor(Date.now() / 1000) + seconds;
      return `${base}?${signObject(options.secret, bucket, path, expires)}`;
    },
  };
}
