import { createHash, randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import sharp, { type Metadata, type Sharp } from 'sharp';
import type { InspectionSession } from '@ridgeline/shared/contracts/inspections';
import type { PhotoList, UploadPhotoResult } from '@ridgeline/shared/contracts/photos';
import { UPLOAD_CONCURRENCY } from '@ridgeline/shared/domain/upload-queue';
import {
  benchDataDir,
  dropDatabase,
  freshDatabase,
  percentile,
  pool,
  postJson,
  processCpuSeconds,
  signedInOwnerCookie,
  startServerChild,
  stopServerChild,
  writeResults,
} from './support';

// `npm run bench:photos`: 100 phone-size JPEGs (4000 x 3000, generated with sharp: noise blurred so
// they compress like photos, quality 85, 2-4 MB, every file different) uploaded through the real API
// (PUT /api/inspections/:sessionId/photos/:photoId, the real server in a child process, a signed-in
// session) with 8 uploads at once, as the phone's queue sends them, until the background job has
// made both thumbnails of every photo. Side by side in the same run, raw sharp makes the same two
// thumbnails (orientation applied, the long edges and format the server's own thumbnails have) from
// the same files, at its best concurrency. Reported: photos per second on both sides, their ratio
// (goal: the API at least 0.8x raw sharp) and the p95 time from a photo's upload start until its
// thumbnails are ready (goal: 2 s).

const COUNT = Math.max(1, Number(process.env.BENCH_PHOTOS ?? 100));
const WARMUP = 4;
/** Measured rounds; the API and raw sharp take turns at going first. The report takes medians (3: a neighbour's burst of load moves one round, not the result). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const PORT = Number(process.env.BENCH_PHOTOS_PORT ?? 3321);
const ORIGIN = `http://localhost:${PORT}`;
const RAW_CONCURRENCY_LEVELS = [1, 2, 4, 8] as const;
/**
 * Two ways raw sharp can make the pair: each size straight from the file (two decodes, both with
 * JPEG shrink-on-load), or the large one from the file and the small one from the large. The probe
 * tries both and the rounds use the faster.
 */
const RAW_STRATEGIES = ['from-original', 'small-from-large'] as const;
type RawStrategy = (typeof RAW_STRATEGIES)[number];
/** Photos the probe of raw concurrency and strategy runs over (the rounds run all of them). */
const PROBE_PHOTOS = 40;
/** How often the readiness of thumbnails is read from the database (one indexed query for the session). */
const POLL_MS = 20;
/** The longest a run waits for thumbnails before it gives up. */
const THUMBNAIL_TIMEOUT_MS = 180_000;
const GOAL = { ratio: 0.8, p95Ms: 2000 } as const;
/** Bump when the generator changes, so cached photos are made again. */
const GENERATOR_VERSION = 1;
const PHOTO_DIR = join(tmpdir(), `ridgeline-bench-photos-v${GENERATOR_VERSION}`);

type BenchPhoto = { path: string; bytes: Buffer; sha256: string; rotated: boolean };
const THUMB_FORMATS = ['jpeg', 'webp', 'png', 'avif'] as const;
type ThumbFormat = (typeof THUMB_FORMATS)[number];
type ThumbSpec = { small: number; large: number; format: ThumbFormat };
type ApiRun = {
  photos: number;
  seconds: number;
  photosPerSecond: number;
  uploadSeconds: number;
  uploadsPerSecond: number;
  uploadMs: { p50: number; p95: number; max: number };
  thumbnailReadyMs: { p50: number; p95: number; max: number };
  /** An ideal server on this machine: thumbnails start the instant each upload lands, at raw sharp's best rate. */
  idealThumbnailReadyP95Ms: number;
  statuses: Record<string, number>;
  /** CPU the server process spent per photo (upload request and thumbnail job; PostgreSQL not counted); null without /proc. */
  serverCpuMsPerPhoto: number | null;
};
type RawRun = { strategy: RawStrategy; concurrency: number; photos: number; seconds: number; photosPerSecond: number; cpuMsPerPhoto: number };

const round1 = (n: number) => Number(n.toFixed(1));
const round3 = (n: number) => Number(n.toFixed(3));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** This process's CPU seconds (user + system, every thread). */
const ownCpuSeconds = () => {
  const usage = process.cpuUsage();
  return (usage.user + usage.system) / 1e6;
};

// ---------------------------------------------------------------------------------------------
// The photos: made once and kept in the temp folder for later runs.

/**
 * A 4000 x 3000 JPEG that compresses like a phone photo: gaussian noise at a quarter size, scaled up
 * and blurred (a random texture with soft detail), a different level and blur per photo, quality 85.
 * Every fourth one says EXIF orientation 6 (a phone held upright), so the thumbnails must rotate it.
 */
async function makePhoto(index: number): Promise<Buffer> {
  const mean = 90 + ((index * 37) % 70);
  const blur = 1.2 + ((index * 7) % 15) / 10;
  const noise = await sharp({ create: { width: 1000, height: 750, channels: 3, background: '#808080', noise: { type: 'gaussian', mean, sigma: 60 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const image = sharp(noise)
    .resize(4000, 3000, { kernel: 'cubic' })
    .blur(blur)
    .withExif({ IFD0: { Make: 'Ridgeline', Model: 'Bench Phone', Software: `bench photo ${index}` } });
  return (index % 4 === 3 ? image.withMetadata({ orientation: 6 }) : image).jpeg({ quality: 85 }).toBuffer();
}

/** The bench's photos, made once into the temp folder and read from there on later runs (bench:field-soak uses them too). */
export async function benchPhotos(count: number): Promise<BenchPhoto[]> {
  mkdirSync(PHOTO_DIR, { recursive: true });
  const paths = Array.from({ length: count }, (_, index) => join(PHOTO_DIR, `photo-${String(index).padStart(3, '0')}.jpg`));
  const missing = paths.map((path, index) => ({ path, index })).filter(({ path }) => !existsSync(path));
  if (missing.length) {
    const start = performance.now();
    await pool(missing, 2, async ({ path, index }) => writeFileSync(path, await makePhoto(index)));
    console.log(`made ${missing.length} photos in ${((performance.now() - start) / 1000).toFixed(1)} s (${PHOTO_DIR})`);
  }
  return paths.map((path, index) => {
    const bytes = readFileSync(path);
    return { path, bytes, sha256: createHash('sha256').update(bytes).digest('hex'), rotated: index % 4 === 3 };
  });
}

// ---------------------------------------------------------------------------------------------
// The API side.

const post = (path: string, body: unknown, cookie = '') => postJson(ORIGIN, path, body, cookie);

async function createSession(cookie: string, label: string): Promise<string> {
  const id = randomUUID();
  const response = await post(
    '/api/inspections',
    { id, fields: { street: `${label} Bench Way`, city: 'Denver', state: 'CO', zip: '80202' }, editedAt: new Date().toISOString() },
    cookie,
  );
  if (response.status !== 201) throw new Error(`POST /api/inspections answered ${response.status}: ${await response.text()}`);
  const session = (await response.json()) as InspectionSession;
  if (session.id !== id) throw new Error('the session came back with another id');
  return id;
}

const SUBCATEGORIES = ['ridge', 'valley', 'penetrations', 'flashing'] as const;

function uploadPath(sessionId: string, photoId: string, photo: BenchPhoto, index: number): string {
  const query = new URLSearchParams({
    fileName: `IMG_${String(4000 + index)}.jpg`,
    sha256: photo.sha256,
    category: 'roof',
    subcategory: SUBCATEGORIES[index % SUBCATEGORIES.length] ?? 'ridge',
    phase: 'roof',
    photoType: 'close_up',
    capturedAt: new Date(Date.now() - (COUNT - index) * 1000).toISOString(),
  });
  return `/api/inspections/${sessionId}/photos/${photoId}?${query}`;
}

/**
 * The phone's way: 8 uploads at once over the list; each upload's start and answer are timed, and
 * one query every 20 ms sees when each photo's two thumbnails are in place. The run ends when the
 * last photo has both.
 */
async function apiRun(
  db: pg.Pool,
  cookie: string,
  photos: BenchPhoto[],
  label: string,
  rawBest: RawRun | null,
  serverPid: number | undefined,
): Promise<ApiRun & { sessionId: string; photoIds: string[] }> {
  const sessionId = await createSession(cookie, label);
  const photoIds = photos.map(() => randomUUID());
  const started = new Map<string, number>();
  const answered = new Map<string, number>();
  const ready = new Map<string, number>();
  const statuses: Record<string, number> = {};
  let failure: Error | null = null;

  let polling = true;
  const poller = (async () => {
    while (polling) {
      const { rows } = await db.query<{ id: string }>(
        'select id from inspection_photos where session_id = $1 and thumb_small_path is not null and thumb_large_path is not null',
        [sessionId],
      );
      const now = performance.now();
      for (const { id } of rows) if (!ready.has(id)) ready.set(id, now);
      if (ready.size === photos.length) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();

  const t0 = performance.now();
  const cpuStart = processCpuSeconds(serverPid);
  await pool(photos, UPLOAD_CONCURRENCY, async (photo, index) => {
    const id = photoIds[index] as string;
    started.set(id, performance.now());
    const response = await fetch(`${ORIGIN}${uploadPath(sessionId, id, photo, index)}`, {
      method: 'PUT',
      headers: { cookie, origin: ORIGIN, 'content-type': 'image/jpeg' },
      body: photo.bytes,
    });
    const text = await response.text();
    answered.set(id, performance.now());
    statuses[response.status] = (statuses[response.status] ?? 0) + 1;
    if (response.status !== 201) failure ??= new Error(`upload ${index} answered ${response.status}: ${text.slice(0, 300)}`);
    else {
      const result = JSON.parse(text) as UploadPhotoResult;
      if (result.duplicate || result.photo.id !== id || result.photo.sha256 !== photo.sha256)
        failure ??= new Error(`upload ${index} answered ${text.slice(0, 300)}`);
    }
  });
  const uploadsDone = performance.now();
  if (failure) {
    polling = false;
    await poller;
    throw failure;
  }
  const deadline = performance.now() + THUMBNAIL_TIMEOUT_MS;
  while (ready.size < photos.length && performance.now() < deadline) await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  polling = false;
  await poller;
  if (ready.size < photos.length)
    throw new Error(`${label}: only ${ready.size} of ${photos.length} photos had thumbnails after ${THUMBNAIL_TIMEOUT_MS / 1000} s`);
  const end = Math.max(...ready.values());
  const cpuEnd = processCpuSeconds(serverPid);

  const uploadMs = photoIds.map((id) => (answered.get(id) ?? 0) - (started.get(id) ?? 0));
  const readyMs = photoIds.map((id) => (ready.get(id) ?? 0) - (started.get(id) ?? 0));
  return {
    sessionId,
    photoIds,
    photos: photos.length,
    seconds: round3((end - t0) / 1000),
    photosPerSecond: round3(photos.length / ((end - t0) / 1000)),
    uploadSeconds: round3((uploadsDone - t0) / 1000),
    uploadsPerSecond: round3(photos.length / ((uploadsDone - t0) / 1000)),
    uploadMs: { p50: round1(median(uploadMs)), p95: round1(percentile(uploadMs, 0.95)), max: round1(Math.max(...uploadMs)) },
    thumbnailReadyMs: { p50: round1(median(readyMs)), p95: round1(percentile(readyMs, 0.95)), max: round1(Math.max(...readyMs)) },
    idealThumbnailReadyP95Ms: rawBest
      ? round1(
          idealReadyP95(
            photoIds.map((id) => ({ start: started.get(id) ?? 0, landed: answered.get(id) ?? 0 })),
            rawBest,
          ),
        )
      : 0,
    statuses,
    serverCpuMsPerPhoto: cpuStart !== null && cpuEnd !== null ? round1(((cpuEnd - cpuStart) * 1000) / photos.length) : null,
  };
}

/**
 * The p95 an ideal server would reach for the same arrivals: each photo's thumbnails start the moment
 * its upload is answered, on `concurrency` workers each taking concurrency / rate seconds per photo
 * (raw sharp's best measured rate). What queueing alone costs a burst on this machine.
 */
function idealReadyP95(arrivals: Array<{ start: number; landed: number }>, raw: RawRun): number {
  const service = (raw.concurrency / raw.photosPerSecond) * 1000;
  const free = Array.from({ length: raw.concurrency }, () => 0);
  const readyMs = [...arrivals]
    .sort((a, b) => a.landed - b.landed)
    .map(({ start, landed }) => {
      const worker = free.indexOf(Math.min(...free));
      const done = Math.max(landed, free[worker] ?? 0) + service;
      free[worker] = done;
      return done - start;
    });
  return percentile(readyMs, 0.95);
}

/** Every photo of the run is there exactly once, with its bytes' SHA-256 and both thumbnails. */
async function verifyRun(cookie: string, sessionId: string, photoIds: string[], photos: BenchPhoto[]): Promise<PhotoList['photos']> {
  const response = await fetch(`${ORIGIN}/api/inspections/${sessionId}/photos`, { headers: { cookie } });
  if (!response.ok) throw new Error(`GET /api/inspections/${sessionId}/photos answered ${response.status}: ${await response.text()}`);
  const list = ((await response.json()) as PhotoList).photos;
  if (list.length !== photos.length || new Set(list.map((p) => p.id)).size !== photos.length)
    throw new Error(`the session holds ${list.length} photos, expected ${photos.length}`);
  photoIds.forEach((id, index) => {
    const stored = list.find((p) => p.id === id);
    if (!stored) throw new Error(`photo ${index} is missing`);
    if (stored.sha256 !== photos[index]?.sha256) throw new Error(`photo ${index}: stored sha256 ${stored.sha256} is not the file's`);
    if (!stored.thumbSmallUrl || !stored.thumbLargeUrl) throw new Error(`photo ${index} has no thumbnail URLs`);
  });
  return list;
}

const absolute = (url: string) => (url.startsWith('http') ? url : `${ORIGIN}${url}`);

/** The server's thumbnails of one photo: format and long edges (what raw sharp must make), and whether orientation was applied. */
async function serverThumbSpec(photo: PhotoList['photos'][number], rotated: boolean): Promise<ThumbSpec & { orientationApplied: boolean }> {
  const read = async (url: string) => {
    const response = await fetch(absolute(url));
    if (!response.ok) throw new Error(`thumbnail ${url} answered ${response.status}`);
    return sharp(Buffer.from(await response.arrayBuffer())).metadata();
  };
  const small = await read(photo.thumbSmallUrl ?? '');
  const large = await read(photo.thumbLargeUrl ?? '');
  const format = THUMB_FORMATS.find((f) => f === small.format);
  if (!format || small.format !== large.format) throw new Error(`the thumbnails have formats ${String(small.format)} and ${String(large.format)}`);
  // 4000 x 3000 with orientation 6 shows upright: taller than wide.
  const portrait = (m: Metadata) => (m.autoOrient?.height ?? m.height) > (m.autoOrient?.width ?? m.width);
  return {
    small: Math.max(small.width, small.height),
    large: Math.max(large.width, large.height),
    format,
    orientationApplied: portrait(small) === rotated && portrait(large) === rotated,
  };
}

// ---------------------------------------------------------------------------------------------
// The raw side: sharp alone, reading the same files, writing the same two thumbnails.

async function rawRun(photos: BenchPhoto[], spec: ThumbSpec, strategy: RawStrategy, concurrency: number): Promise<RawRun> {
  const out = mkdtempSync(join(tmpdir(), 'ridgeline-bench-thumbs-'));
  const resize = (image: Sharp, edge: number) => image.resize(edge, edge, { fit: 'inside', withoutEnlargement: true }).toFormat(spec.format);
  try {
    const start = performance.now();
    const cpuStart = ownCpuSeconds();
    await pool(photos, concurrency, async (photo, index) => {
      const target = (edge: number) => join(out, `${index}-${edge}.${spec.format}`);
      if (strategy === 'from-original') {
        await Promise.all([spec.small, spec.large].map((edge) => resize(sharp(photo.path).rotate(), edge).toFile(target(edge))));
      } else {
        const large = await resize(sharp(photo.path).rotate(), spec.large).toBuffer();
        await Promise.all([writeFile(target(spec.large), large), resize(sharp(large), spec.small).toFile(target(spec.small))]);
      }
    });
    const seconds = (performance.now() - start) / 1000;
    const cpuMsPerPhoto = round1(((ownCpuSeconds() - cpuStart) * 1000) / photos.length);
    return { strategy, concurrency, photos: photos.length, seconds: round3(seconds), photosPerSecond: round3(photos.length / seconds), cpuMsPerPhoto };
  } finally {
    rmSync(out, { recursive: true, force: true });
  }
}

// ---------------------------------------------------------------------------------------------

export async function benchPhotoUploads() {
  const all = await benchPhotos(COUNT + WARMUP);
  const warmup = all.slice(COUNT);
  const photos = all.slice(0, COUNT);
  const sizes = photos.map((p) => p.bytes.length / 1e6);
  const first = await sharp(photos[0]?.path).metadata();

  const databaseUrl = await freshDatabase();
  if (!databaseUrl)
    throw new Error('bench:photos needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  // The server's data folder holds every uploaded photo (hundreds of MB): removed at the end.
  const dataDir = benchDataDir();
  // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops (support.ts).
  const child = await startServerChild(PORT, databaseUrl, { BENCH_DATA_DIR: dataDir });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const loadBefore = loadavg();
  try {
    const cookie = await signedInOwnerCookie(ORIGIN, 'photos', (email) => db.query('update "user" set email_verified = true where email = $1', [email]));

    // Warm-up (JIT, pool connections, the job worker) and what the server's thumbnails look like.
    const warm = await apiRun(db, cookie, warmup, 'Warm-up', null, child.pid);
    const warmList = await verifyRun(cookie, warm.sessionId, warm.photoIds, warmup);
    const rotatedIndex = warmup.findIndex((p) => p.rotated);
    const rotatedPhoto = warmList.find((p) => p.id === warm.photoIds[rotatedIndex]);
    const plainPhoto = warmList.find((p) => p.id === warm.photoIds[0]);
    if (!rotatedPhoto || !plainPhoto) throw new Error('the warm-up photos are missing');
    const rotatedSpec = await serverThumbSpec(rotatedPhoto, true);
    const spec = await serverThumbSpec(plainPhoto, false);
    const orientationApplied = rotatedSpec.orientationApplied && spec.orientationApplied;

    // Raw sharp's best concurrency on these files.
    // (BENCH_RAW=<strategy>:<concurrency> skips the probe, for quick runs while profiling.)
    const rawLevels: RawRun[] = [];
    const probe = photos.slice(0, PROBE_PHOTOS);
    const [fixedStrategy, fixedConcurrency] = (process.env.BENCH_RAW ?? '').split(':');
    const fixed = RAW_STRATEGIES.find((s) => s === fixedStrategy);
    if (fixed && Number(fixedConcurrency) > 0) rawLevels.push(await rawRun(probe, spec, fixed, Number(fixedConcurrency)));
    else
      for (const strategy of RAW_STRATEGIES) for (const concurrency of RAW_CONCURRENCY_LEVELS) rawLevels.push(await rawRun(probe, spec, strategy, concurrency));
    const best = rawLevels.reduce((a, b) => (b.photosPerSecond > a.photosPerSecond ? b : a));

    // Rounds of the two sides back to back, taking turns at going first.
    const apiRounds: ApiRun[] = [];
    const rawRounds: RawRun[] = [];
    for (let round = 0; round < ROUNDS; round += 1) {
      const runApi = async () => {
        const run = await apiRun(db, cookie, photos, `Round ${round + 1}`, best, child.pid);
        await verifyRun(cookie, run.sessionId, run.photoIds, photos);
        const { sessionId: _s, photoIds: _p, ...figures } = run;
        apiRounds.push(figures);
      };
      if (round % 2 === 0) {
        await runApi();
        rawRounds.push(await rawRun(photos, spec, best.strategy, best.concurrency));
      } else {
        rawRounds.push(await rawRun(photos, spec, best.strategy, best.concurrency));
        await runApi();
      }
    }

    const api = {
      photosPerSecond: round3(median(apiRounds.map((r) => r.photosPerSecond))),
      uploadsPerSecond: round3(median(apiRounds.map((r) => r.uploadsPerSecond))),
      uploadP95Ms: round1(median(apiRounds.map((r) => r.uploadMs.p95))),
      thumbnailReadyP50Ms: round1(median(apiRounds.map((r) => r.thumbnailReadyMs.p50))),
      thumbnailReadyP95Ms: round1(median(apiRounds.map((r) => r.thumbnailReadyMs.p95))),
      idealThumbnailReadyP95Ms: round1(median(apiRounds.map((r) => r.idealThumbnailReadyP95Ms))),
      serverCpuMsPerPhoto: apiRounds.every((r) => r.serverCpuMsPerPhoto !== null) ? round1(median(apiRounds.map((r) => r.serverCpuMsPerPhoto ?? 0))) : null,
    };
    const raw = {
      strategy: best.strategy,
      concurrency: best.concurrency,
      photosPerSecond: round3(median(rawRounds.map((r) => r.photosPerSecond))),
      cpuMsPerPhoto: round1(median(rawRounds.map((r) => r.cpuMsPerPhoto))),
    };
    const ratio = round3(api.photosPerSecond / raw.photosPerSecond);
    /** Raw sharp's CPU per photo over the server's: the throughput ratio the API would reach on a machine of its own, CPU bound. */
    const cpuRatio = api.serverCpuMsPerPhoto ? round3(raw.cpuMsPerPhoto / api.serverCpuMsPerPhoto) : null;
    const data = {
      date: new Date().toISOString(),
      machine: {
        cores: cpus().length,
        model: cpus()[0]?.model ?? '',
        loadAverageBefore: loadBefore.map(round1),
        loadAverageAfter: loadavg().map(round1),
        sharp: sharp.versions.sharp,
        vips: sharp.versions.vips,
      },
      photos: {
        count: COUNT,
        width: first.width,
        height: first.height,
        sizeMb: {
          min: round1(Math.min(...sizes)),
          median: round1(median(sizes)),
          max: round1(Math.max(...sizes)),
          total: round1(sizes.reduce((a, b) => a + b, 0)),
        },
        rotatedWithExifOrientation: photos.filter((p) => p.rotated).length,
        distinctSha256: new Set(photos.map((p) => p.sha256)).size,
      },
      uploadConcurrency: UPLOAD_CONCURRENCY,
      rounds: ROUNDS,
      serverThumbnails: { ...spec, orientationApplied },
      goal: GOAL,
      api,
      raw,
      ratio,
      cpuRatio,
      meetsRatio: ratio >= GOAL.ratio,
      meetsP95: api.thumbnailReadyP95Ms <= GOAL.p95Ms,
      rawConcurrencyLevels: rawLevels,
      roundsDetail: { api: apiRounds, raw: rawRounds },
    };
    const yes = (ok: boolean) => (ok ? 'met' : '**not met**');
    const levels = rawLevels.map((r) => `| ${r.strategy} | ${r.concurrency} | ${r.photosPerSecond.toFixed(2)} | ${r.cpuMsPerPhoto} |`).join('\n');
    const rounds = apiRounds
      .map(
        (r, i) =>
          `| ${i + 1} | ${r.photosPerSecond.toFixed(2)} | ${rawRounds[i]?.photosPerSecond.toFixed(2) ?? ''} | ${r.serverCpuMsPerPhoto ?? 'n/a'} | ${rawRounds[i]?.cpuMsPerPhoto ?? ''} | ${r.uploadsPerSecond.toFixed(2)} | ${r.uploadMs.p95} | ${r.thumbnailReadyMs.p50} | ${r.thumbnailReadyMs.p95} | ${r.idealThumbnailReadyP95Ms} | ${JSON.stringify(r.statuses)} |`,
      )
      .join('\n');
    writeResults(
      'photos',
      data,
      `# Photos: upload and thumbnails through the API vs raw sharp\n\n` +
        `${COUNT} generated phone-size JPEGs (${data.photos.width} x ${data.photos.height}, quality 85, ${data.photos.sizeMb.min}-${data.photos.sizeMb.max} MB, median ${data.photos.sizeMb.median} MB, ` +
        `${data.photos.distinctSha256} distinct SHA-256, ${data.photos.rotatedWithExifOrientation} with EXIF orientation 6). ` +
        `API: PUT /api/inspections/:sessionId/photos/:photoId through the real server (child process, signed-in cookie, its own fresh database), ` +
        `${UPLOAD_CONCURRENCY} uploads at once, until the background job has stored both thumbnails of every photo (read from the database every ${POLL_MS} ms); ` +
        `every photo then checked through GET /api/inspections/:id/photos (exactly ${COUNT}, SHA-256 matching, both thumbnail URLs). ` +
        `Raw: sharp reading the same files and writing the same two thumbnails (rotate, long edge ${spec.small} and ${spec.large} px, ${spec.format}, as the server's own thumbnails measure), ` +
        `at the best of two strategies and four concurrencies (probe below). ${ROUNDS} rounds, the sides taking turns at going first; medians shown. ${data.machine.cores} cores, load average before ${data.machine.loadAverageBefore.join(' ')}.\n\n` +
        `| | photos/s | goal | |\n|---|---|---|---|\n` +
        `| raw sharp (${raw.strategy}, concurrency ${raw.concurrency}) | ${raw.photosPerSecond.toFixed(2)} | | |\n` +
        `| API: upload + thumbnails | ${api.photosPerSecond.toFixed(2)} | | |\n` +
        `| ratio API / raw | ${ratio.toFixed(2)}x | >= ${GOAL.ratio}x | ${yes(data.meetsRatio)} |\n` +
        `| p95 upload start to thumbnails ready | ${api.thumbnailReadyP95Ms} ms | <= ${GOAL.p95Ms} ms | ${yes(data.meetsP95)} |\n` +
        `| CPU per photo: raw sharp / server process | ${raw.cpuMsPerPhoto} / ${api.serverCpuMsPerPhoto ?? 'n/a'} ms (${cpuRatio?.toFixed(2) ?? 'n/a'}x) | | |\n\n` +
        `The CPU row does not depend on what else runs on the machine: raw sharp's CPU time per photo over the server process's ` +
        `(upload request and thumbnail job, every thread; PostgreSQL and the uploading client not counted). It is the ratio the API would reach CPU bound on cores of its own.\n\n` +
        `Server thumbnails: ${spec.format}, long edges ${spec.small} and ${spec.large} px, orientation ${orientationApplied ? 'applied' : '**not applied**'}.\n\n` +
        `## Rounds\n\n| round | API photos/s | raw photos/s | server CPU ms/photo | raw CPU ms/photo | uploads/s (answers only) | upload p95 (ms) | thumbnails ready p50 (ms) | p95 (ms) | ideal-server p95 (ms) | statuses |\n|---|---|---|---|---|---|---|---|---|---|---|\n${rounds}\n\n` +
        `"Ideal-server p95" is a model, not a measurement: the same upload answers fed to a server that starts each photo's thumbnails the instant it lands, ` +
        `at raw sharp's best measured rate. It is what queueing alone costs this burst on this machine.\n\n` +
        `## Raw sharp: the probe (first ${PROBE_PHOTOS} photos)\n\n| strategy | concurrency | photos/s | CPU ms/photo |\n|---|---|---|---|\n${levels}\n`,
    );
    return data;
  } finally {
    await db.end();
    await stopServerChild(child);
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  await benchPhotoUploads();
  process.exit(0);
}
