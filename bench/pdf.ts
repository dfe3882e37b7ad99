import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import type { ReportDetail } from '@ridgeline/shared/contracts/documents';
import { PHOTO_CATEGORIES } from '@ridgeline/shared/domain/field-capture';
import { UPLOAD_CONCURRENCY } from '@ridgeline/shared/domain/upload-queue';
import { benchPdfLargestImage } from './pdf-largest-image';
import { benchPhotos, HEIGHT, WIDTH, type BenchPhoto } from './pdf-photos';
import {
  benchDataDir,
  dropDatabase,
  freshDatabase,
  median,
  memoryOf,
  percentile,
  pool,
  postJson,
  processCpuSeconds,
  signedInOwnerCookie,
  startServerChild,
  stopServerChild,
  writeResults,
} from './support';

// `npm run bench:pdf`: a 200-photo report rendered by the real job. The real server runs in a child
// process on its own database; a signed-up owner uploads 200 phone-size JPEGs (4032 x 3024, noise
// blurred so they compress like photos, 2-4 MB, every file different; made once and kept in the temp
// folder) into an inspection session through the photo upload API, and the photos job makes their
// thumbnails. Then, side by side in each of three rounds: the p99 of a signed-in read the product
// makes all the time (GET /api/projects?page=1, the claim files list) while the server is idle, and
// the same read's p99 while the report renders (POST /api/reports, kind photo, with an override
// reason, until GET /api/reports/:id says ready); medians of the rounds are reported. Also measured: the time from the POST to ready, the server
// process's peak memory (VmRSS every 100 ms during the render; VmHWM over its life), and the PDF's
// size and pages (read back with pdfinfo). Goals: render <= 20 s; p99 during render <= 1.5x idle.
// Then the server's memory while it renders the largest images the pixel budget allows
// (bench/pdf-largest-image.ts); BENCH_PDF_PART=report or largest-image runs one part alone.

const COUNT = Math.max(1, Number(process.env.BENCH_PDF_PHOTOS ?? 200));
const PORT = Number(process.env.BENCH_PDF_PORT ?? 3331);
const ORIGIN = `http://localhost:${PORT}`;
/** The read measured: the claim files list, first page. */
const READ_PATH = '/api/projects?page=1';
/** Reads in flight at once while measuring (a few screens of people using the app). */
const READ_CONCURRENCY = 4;
const IDLE_MS = Number(process.env.BENCH_PDF_IDLE_MS ?? 10_000);
/** Rounds of idle then render; the report takes medians (a neighbour's burst of load moves one round, not the result). */
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const RENDER_TIMEOUT_MS = 300_000;
/** How often the report is read while it renders (the web reads it every second). */
const POLL_MS = 250;
const THUMBNAIL_TIMEOUT_MS = 300_000;
const GOAL = { renderSeconds: 20, p99Ratio: 1.5 } as const;
/** Every n-th photo gets an annotation (arrow, circle, text), drawn as vectors in the report. */
const ANNOTATE_EVERY = 5;

const run = promisify(execFile);
const round1 = (n: number) => Number(n.toFixed(1));
const round3 = (n: number) => Number(n.toFixed(3));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The API.

const post = (path: string, body: unknown, cookie = '') => postJson(ORIGIN, path, body, cookie);

async function createSession(cookie: string): Promise<string> {
  const id = randomUUID();
  const response = await post(
    '/api/inspections',
    { id, fields: { street: '200 Bench Way', city: 'Denver', state: 'CO', zip: '80202' }, editedAt: new Date().toISOString() },
    cookie,
  );
  if (response.status !== 201) throw new Error(`POST /api/inspections answered ${response.status}: ${await response.text()}`);
  return id;
}

/** Uploads every photo (8 at once, as the phone's queue sends them), spread over the categories, then waits for their thumbnails. */
async function uploadPhotos(db: pg.Pool, cookie: string, sessionId: string, photos: BenchPhoto[]): Promise<{ ids: string[]; seconds: number }> {
  const ids = photos.map(() => randomUUID());
  const t0 = performance.now();
  await pool(photos, UPLOAD_CONCURRENCY, async (photo, index) => {
    const category = PHOTO_CATEGORIES[index % PHOTO_CATEGORIES.length] ?? PHOTO_CATEGORIES[0];
    const query = new URLSearchParams({
      fileName: `IMG_${String(4000 + index)}.jpg`,
      sha256: photo.sha256,
      category: category.value,
      subcategory: category.subcategories[index % category.subcategories.length]?.value ?? 'general',
      capturedAt: new Date(Date.now() - (photos.length - index) * 60_000).toISOString(),
      lat: String(39.7392 + index / 10_000),
      lng: String(-104.9903 - index / 10_000),
      notes: `Bench photo ${index + 1}`,
    });
    const response = await fetch(`${ORIGIN}/api/inspections/${sessionId}/photos/${ids[index]}?${query}`, {
      method: 'PUT',
      headers: { cookie, origin: ORIGIN, 'content-type': 'image/jpeg' },
      body: photo.bytes,
    });
    if (response.status !== 201) throw new Error(`upload ${index} answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  });
  const deadline = performance.now() + THUMBNAIL_TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from inspection_photos where session_id = $1 and thumb_large_path is not null', [
      sessionId,
    ]);
    if (Number(rows[0]?.n ?? 0) >= photos.length) break;
    if (performance.now() > deadline) throw new Error(`thumbnails not ready after ${THUMBNAIL_TIMEOUT_MS / 1000} s`);
    await sleep(200);
  }
  return { ids, seconds: round3((performance.now() - t0) / 1000) };
}

async function annotate(cookie: string, ids: string[]): Promise<number> {
  const chosen = ids.filter((_, i) => i % ANNOTATE_EVERY === 0);
  for (const id of chosen) {
    const annotation = {
      version: 1,
      shapes: [
        { type: 'arrow', id: 's1', x1: 0.15, y1: 0.2, x2: 0.5, y2: 0.5, color: '#ef4444', width: 0.01 },
        { type: 'circle', id: 's2', cx: 0.6, cy: 0.55, rx: 0.12, ry: 0.09, color: '#facc15', width: 0.008 },
        { type: 'text', id: 's3', x: 0.1, y: 0.85, text: 'Hail hit', color: '#ffffff', size: 0.05 },
      ],
    };
    const response = await fetch(`${ORIGIN}/api/photos/${id}/annotation`, {
      method: 'PUT',
      headers: { cookie, origin: ORIGIN, 'content-type': 'application/json' },
      body: JSON.stringify({ annotation }),
    });
    if (!response.ok) throw new Error(`PUT /api/photos/${id}/annotation answered ${response.status}: ${await response.text()}`);
  }
  return chosen.length;
}

/** Runs the measured read, READ_CONCURRENCY at a time back to back, until `stop.done`; answers each request's milliseconds. */
async function measureReads(cookie: string, stop: { done: boolean }): Promise<{ latencies: number[]; errors: number }> {
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(
    Array.from({ length: READ_CONCURRENCY }, async () => {
      while (!stop.done) {
        const start = performance.now();
        const response = await fetch(`${ORIGIN}${READ_PATH}`, { headers: { cookie } });
        await response.arrayBuffer();
        latencies.push(performance.now() - start);
        if (!response.ok) errors += 1;
      }
    }),
  );
  return { latencies, errors };
}

const summary = (latencies: number[]) => ({
  requests: latencies.length,
  p50Ms: round1(percentile(latencies, 0.5)),
  p99Ms: round1(percentile(latencies, 0.99)),
  maxMs: round1(Math.max(...latencies)),
});

const mb = (kb: number) => round1(kb / 1024);

type Round = {
  reportId: string;
  pageCount: number | null;
  renderSeconds: number;
  idle: ReturnType<typeof summary>;
  duringRender: ReturnType<typeof summary>;
  ratio: number;
  rssBeforeMb: number | null;
  peakRssMb: number;
  serverCpuSeconds: number | null;
  progressSeen: number[];
};

/** One round: the read idle, then a report rendered with the same read beside it and the server's memory sampled every 100 ms. */
async function renderRound(cookie: string, sessionId: string, pid: number | undefined): Promise<Round> {
  const idle = await measureReads(cookie, await stopAfter(IDLE_MS));
  const memoryBefore = memoryOf(pid);
  let peakRssKb = memoryBefore?.rssKb ?? 0;
  const sampler = setInterval(() => {
    const memory = memoryOf(pid);
    if (memory) peakRssKb = Math.max(peakRssKb, memory.rssKb);
  }, 100);
  const cpuStart = processCpuSeconds(pid);
  const stop = { done: false };
  const during = measureReads(cookie, stop);
  const t0 = performance.now();
  try {
    const created = await post(
      '/api/reports',
      { kind: 'photo', sessionId, layout: 2, overrideReason: 'Bench: the shot list is not part of what is measured.' },
      cookie,
    );
    if (created.status !== 201) throw new Error(`POST /api/reports answered ${created.status}: ${await created.text()}`);
    const reportId = ((await created.json()) as { report: ReportDetail }).report.id;
    let report: ReportDetail | null = null;
    const progressSeen: number[] = [];
    while (performance.now() - t0 < RENDER_TIMEOUT_MS) {
      const response = await fetch(`${ORIGIN}/api/reports/${reportId}`, { headers: { cookie } });
      report = ((await response.json()) as { report: ReportDetail }).report;
      if (report.status === 'rendering' && progressSeen.at(-1) !== report.progress) progressSeen.push(report.progress);
      if (report.status === 'ready' || report.status === 'failed') break;
      await sleep(POLL_MS);
    }
    const renderMs = performance.now() - t0;
    stop.done = true;
    const busy = await during;
    const cpuEnd = processCpuSeconds(pid);
    if (report?.status !== 'ready') throw new Error(`the report did not become ready: ${report?.status ?? 'unknown'} ${report?.error ?? ''}`);
    const idleSummary = summary(idle.latencies);
    const busySummary = summary(busy.latencies);
    if (idle.errors || busy.errors) throw new Error(`the read failed ${idle.errors + busy.errors} times`);
    return {
      reportId,
      pageCount: report.pageCount,
      renderSeconds: round3(renderMs / 1000),
      idle: idleSummary,
      duringRender: busySummary,
      ratio: round3(busySummary.p99Ms / idleSummary.p99Ms),
      rssBeforeMb: memoryBefore ? mb(memoryBefore.rssKb) : null,
      peakRssMb: mb(peakRssKb),
      serverCpuSeconds: cpuStart !== null && cpuEnd !== null ? round1(cpuEnd - cpuStart) : null,
      progressSeen,
    };
  } finally {
    stop.done = true;
    clearInterval(sampler);
  }
}

export async function benchPdf() {
  const photos = await benchPhotos(COUNT);
  const databaseUrl = await freshDatabase();
  if (!databaseUrl) throw new Error('bench:pdf needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to make its own database on)');
  const dataDir = benchDataDir();
  const child = await startServerChild(PORT, databaseUrl, { BENCH_DATA_DIR: dataDir, API_WRITE_LIMIT: '100000', AUTH_IP_LIMIT: '1000' });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const cookie = await signedInOwnerCookie(ORIGIN, 'pdf', (email) => db.query('update "user" set email_verified = true where email = $1', [email]));
    const sessionId = await createSession(cookie);
    console.log(`uploading ${photos.length} photos...`);
    const upload = await uploadPhotos(db, cookie, sessionId, photos);
    const annotated = await annotate(cookie, upload.ids);
    console.log(`uploaded with thumbnails in ${upload.seconds} s; ${annotated} annotated`);

    // Warm the read, then the rounds: the read idle, then the same read while a report renders.
    await measureReads(cookie, await stopAfter(1000));
    const loadBefore = loadavg();
    const rounds: Round[] = [];
    for (let r = 0; r < ROUNDS; r++) rounds.push(await renderRound(cookie, sessionId, child.pid));
    const last = rounds.at(-1);
    if (!last) throw new Error('no round ran');

    // The last round's PDF, read back.
    const file = await fetch(`${ORIGIN}/api/reports/${last.reportId}/file`, { headers: { cookie } });
    if (!file.ok) throw new Error(`GET /api/reports/${last.reportId}/file answered ${file.status}`);
    const bytes = Buffer.from(await file.arrayBuffer());
    const pdfPath = join(dataDir, 'bench-report.pdf');
    writeFileSync(pdfPath, bytes);
    const info = (await run('pdfinfo', [pdfPath])).stdout;
    const pages = Number(/Pages:\s+(\d+)/.exec(info)?.[1] ?? NaN);
    const memoryAfter = memoryOf(child.pid);

    const ratio = round3(median(rounds.map((r) => r.ratio)));
    const renderSeconds = round3(median(rounds.map((r) => r.renderSeconds)));
    const idleP99 = round1(median(rounds.map((r) => r.idle.p99Ms)));
    const busyP99 = round1(median(rounds.map((r) => r.duringRender.p99Ms)));
    const peakRssMb = Math.max(...rounds.map((r) => r.peakRssMb));
    const sizes = photos.map((p) => p.bytes.length / 1024 / 1024);
    const data = {
      date: new Date().toISOString(),
      machine: { cores: cpus().length, model: cpus()[0]?.model ?? '', loadAverageBefore: loadBefore.map(round1), loadAverageAfter: loadavg().map(round1) },
      photos: {
        count: photos.length,
        width: WIDTH,
        height: HEIGHT,
        sizeMb: { min: round1(Math.min(...sizes)), max: round1(Math.max(...sizes)), total: round1(sizes.reduce((a, b) => a + b, 0)) },
        annotated,
        uploadWithThumbnailsSeconds: upload.seconds,
      },
      read: { path: READ_PATH, concurrency: READ_CONCURRENCY, idleSeconds: IDLE_MS / 1000 },
      rounds: ROUNDS,
      renderSeconds,
      idleP99Ms: idleP99,
      duringRenderP99Ms: busyP99,
      p99Ratio: ratio,
      memory: {
        rssBeforeFirstRenderMb: rounds[0]?.rssBeforeMb ?? null,
        peakRssDuringRenderMb: peakRssMb,
        rssAfterMb: memoryAfter ? mb(memoryAfter.rssKb) : null,
        lifetimePeakHwmMb: memoryAfter ? mb(memoryAfter.hwmKb) : null,
      },
      pdf: { bytes: bytes.length, mb: round1(bytes.length / 1024 / 1024), pages, reportedPages: last.pageCount, layout: 2 },
      goal: GOAL,
      meetsRender: renderSeconds <= GOAL.renderSeconds,
      meetsP99: ratio <= GOAL.p99Ratio,
      roundsDetail: rounds,
    };
    const yes = (ok: boolean) => (ok ? 'met' : '**not met**');
    const roundRows = rounds
      .map(
        (r, i) =>
          `| ${i + 1} | ${r.renderSeconds.toFixed(1)} | ${r.idle.p50Ms} / ${r.idle.p99Ms} (${r.idle.requests}) | ${r.duringRender.p50Ms} / ${r.duringRender.p99Ms} (${r.duringRender.requests}) | ${r.ratio.toFixed(2)}x | ${r.rssBeforeMb ?? 'n/a'} / ${r.peakRssMb} | ${r.serverCpuSeconds ?? 'n/a'} | ${r.progressSeen.join(', ')} |`,
      )
      .join('\n');
    writeResults(
      'pdf',
      data,
      `# PDF: a ${photos.length}-photo report rendered by the real job\n\n` +
        `${photos.length} generated phone-size JPEGs (${WIDTH} x ${HEIGHT}, quality 85, ${data.photos.sizeMb.min}-${data.photos.sizeMb.max} MB, ${data.photos.sizeMb.total} MB in all, ` +
        `${annotated} with an annotation) uploaded into one inspection session through PUT /api/inspections/:sessionId/photos/:photoId (the real server in a child process, ` +
        `its own fresh database, a signed-up owner), their thumbnails made by the photos job (${upload.seconds} s for upload and thumbnails). ` +
        `Each round: the read ${READ_PATH} (the claim files list), ${READ_CONCURRENCY} at a time back to back, for ${IDLE_MS / 1000} s idle; then POST /api/reports ` +
        `(kind photo, 2 photos per page, with an override reason) and GET /api/reports/:id every ${POLL_MS} ms until ready, the same read running the whole time. ` +
        `${ROUNDS} rounds, medians shown. ${data.machine.cores} cores shared with other work, load average before ${data.machine.loadAverageBefore.join(' ')}.\n\n` +
        `| | measured | goal | |\n|---|---|---|---|\n` +
        `| POST to ready | ${renderSeconds.toFixed(1)} s | <= ${GOAL.renderSeconds} s | ${yes(data.meetsRender)} |\n` +
        `| read p99 idle | ${idleP99} ms | | |\n` +
        `| read p99 during render | ${busyP99} ms | | |\n` +
        `| p99 during / idle (median of the rounds' ratios) | ${ratio.toFixed(2)}x | <= ${GOAL.p99Ratio}x | ${yes(data.meetsP99)} |\n` +
        `| server peak RSS during a render | ${peakRssMb} MB (${data.memory.rssBeforeFirstRenderMb ?? 'n/a'} MB before the first) | | |\n` +
        `| server VmHWM (whole life, uploads included) | ${data.memory.lifetimePeakHwmMb} MB | | |\n` +
        `| PDF | ${data.pdf.mb} MB, ${pages} pages | | |\n\n` +
        `## Rounds\n\n| round | render (s) | idle p50 / p99 ms (requests) | during render p50 / p99 ms (requests) | ratio | RSS before / peak (MB) | server CPU (s) | progress seen (%) |\n|---|---|---|---|---|---|---|---|\n${roundRows}\n\n` +
        `The report prints each photo's large thumbnail (long edge 1600 px) made again by sharp as a JPEG at the size it is drawn (200 pixels an inch), never a stored image as it is nor the 2-4 MB originals; ` +
        `the drawing runs in a worker thread at a lower priority and the images are read and made on the API's side, one at a time, a few ahead of the one being drawn. ` +
        `The generated photos are blurred noise: their thumbnails compress worse than most real photos, so the PDF is larger than a real report's.\n`,
    );
    return data;
  } finally {
    await db.end();
    await stopServerChild(child);
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A stop flag set after `ms`. */
async function stopAfter(ms: number): Promise<{ done: boolean }> {
  const stop = { done: false };
  setTimeout(() => (stop.done = true), ms);
  return stop;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // BENCH_PDF_PART picks one part: 'report' (the 200-photo report) or 'largest-image' (memory at the pixel budget); both by default.
  const part = process.env.BENCH_PDF_PART ?? 'all';
  if (part !== 'largest-image') await benchPdf();
  if (part !== 'report') await benchPdfLargestImage();
  process.exit(0);
}
