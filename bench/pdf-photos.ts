import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { pool } from './support';

// The phone-size photos of bench:pdf: 4032 x 3024 JPEGs that compress like phone photos, every one
// different, made once and kept in the temp folder for later runs.

export const WIDTH = 4032;
export const HEIGHT = 3024;
/** Bump when the generator changes, so cached photos are made again. */
const GENERATOR_VERSION = 1;
const PHOTO_DIR = join(tmpdir(), `ridgeline-bench-pdf-photos-v${GENERATOR_VERSION}`);

/** A 4032 x 3024 JPEG that compresses like a phone photo: gaussian noise at a quarter size, scaled up and blurred, quality 85. */
async function makePhoto(index: number): Promise<Buffer> {
  const mean = 90 + ((index * 37) % 70);
  const blur = 1.2 + ((index * 7) % 15) / 10;
  const noise = await sharp({
    create: { width: WIDTH / 4, height: HEIGHT / 4, channels: 3, background: '#808080', noise: { type: 'gaussian', mean, sigma: 60 } },
  })
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(noise).resize(WIDTH, HEIGHT, { kernel: 'cubic' }).blur(blur).jpeg({ quality: 85 }).toBuffer();
}

export type BenchPhoto = { bytes: Buffer; sha256: string };

/** The first `count` photos, made where missing, each with its SHA-256. */
export async function benchPhotos(count: number): Promise<BenchPhoto[]> {
  mkdirSync(PHOTO_DIR, { recursive: true });
  const paths = Array.from({ length: count }, (_, index) => join(PHOTO_DIR, `photo-${String(index).padStart(3, '0')}.jpg`));
  const missing = paths.map((path, index) => ({ path, index })).filter(({ path }) => !existsSync(path));
  if (missing.length) {
    const start = performance.now();
    await pool(missing, 2, async ({ path, index }) => writeFileSync(path, await makePhoto(index)));
    console.log(`made ${missing.length} photos in ${((performance.now() - start) / 1000).toFixed(1)} s (${PHOTO_DIR})`);
  }
  return paths.map((path) => {
    const bytes = readFileSync(path);
    return { bytes, sha256: createHash('sha256').update(bytes).digest('hex') };
  });
}
