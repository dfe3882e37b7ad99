import { execFile } from 'node:child_process';
import { createHash, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import pg from 'pg';
import sharp from 'sharp';
import type { ReportDetail } from '@ridgeline/shared/contracts/documents';
import { MAX_IMAGE_PIXELS, PIXEL_BUDGET_TEXT } from '@ridgeline/shared/domain/images';
import { RENDER_LIMITS } from '../apps/server/src/infra/pdf/render';
import { pngBomb } from '../apps/server/src/test/images';
import { benchPhotos } from './pdf-photos';
import {
  benchDataDir,
  dropDatabase,
  freshDatabase,
  median,
  memoryOf,
  postJson,
  signedInOwnerCookie,
  startServerChild,
  stopServerChild,
  writeResults,
} from './support';

// `npm run bench:pdf` (BENCH_PDF_PART=largest-image for this part alone): the server's memory while
// it renders a report whose images are the largest the pixel budget allows. The real server runs in
// a child process on its own database with two companies, each a signed-up owner with a logo and an
// inspection session holding one photo: the baseline company has a 600 x 240 logo and a phone photo
// (4032 x 3024 JPEG); the largest company has a logo and a photo of exactly the budget (8192 x 8192
// PNG with transparency: PNG cannot be shrunk while it is decoded, the costliest image the budget
// lets in). Both photos' thumbnails are then cleared, as for a report asked before its thumbnails
// existed, so the renderer reads the originals. Each round renders both companies' one-page-a-photo
// report (the order alternating) and samples the server's VmRSS every 50 ms from the POST until the
// report is ready: the peak's rise over the RSS just before is the figure, the baseline's beside it.
// Before the rounds, both bombs of the probe (12000 x 12000 logo, 16000 x 16000 photo) are sent and
// must be refused. Goal: the largest image's peak rise <= GOAL.peakRiseMb.

const PORT = Number(process.env.BENCH_PDF_PORT ?? 3331) + 1;
const ORIGIN = `http://localhost:${PORT}`;
const ROUNDS = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
const SAMPLE_MS = 50;
const POLL_MS = 100;
const RENDER_TIMEOUT_MS = 180_000;
const THUMBNAIL_TIMEOUT_MS = 180_000;
/** The side of a square image of exactly the budget. */
const SIDE = Math.sqrt(MAX_IMAGE_PIXELS);
/**
 * The memory budget of one render: the server's RSS may rise this much over what it held just before,
 * the size of one image at the budget decoded (8192 x 8192 x 4 bytes = 256 MB). The renderer makes one
 * image at a time and sharp streams it (decoded a band at a time while it shrinks), so a render holding
 * a whole decoded image, let alone the original handed to pdfkit, would not meet it.
 */
const GOAL = { peakRiseMb: 256 } as const;

const run = promisify(execFile);
const round1 = (n: number) => Number(n.toFixed(1));
const mb = (kb: number) => round1(kb / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

type Company = {
  name: string;
  cookie: string;
  sessionId: string;
  logo: { width: number; height: number; bytes: number };
  photo: { width: number; height: number; bytes: number };
};
type Measure = {
  company: string;
  renderSeconds: number;
  rssBeforeMb: number;
  peakRssMb: number;
  peakRiseMb: number;
  rssAfterMb: number;
  pageCount: number | null;
};

async function put(path: string, body: Buffer, cookie: string, contentType: string): Promise<Response> {
  return fetch(`${ORIGIN}${path}`, { method: 'PUT', headers: { cookie, origin: ORIGIN, 'content-type': contentType }, body });
}

async function uploadPhoto(cookie: string, sessionId: string, bytes: Buffer, fileName: string, contentType: string): Promise<Response> {
  const query = new URLSearchParams({ fileName, sha256: sha256(bytes), category: 'roof', subcategory: 'slope_n', capturedAt: new Date().toISOString() });
  return put(`/api/inspections/${sessionId}/photos/${randomUUID()}?${query}`, bytes, cookie, contentType);
}

async function sizeOf(bytes: Buffer): Promise<{ width: number; height: number; bytes: number }> {
  const meta = await sharp(bytes).metadata();
  return { width: meta.width, height: meta.height, bytes: bytes.length };
}

/** A company with its logo and one photo in a session, the photo's thumbnails cleared so the renderer reads the original. */
async function company(db: pg.Pool, name: string, logo: Buffer, photo: { bytes: Buffer; fileName: string; contentType: string }): Promise<Company> {
  const cookie = await signedInOwnerCookie(ORIGIN, name, (email) => db.query('update "user" set email_verified = true where email = $1', [email]));
  const logoAnswer = await put('/api/company/logo', logo, cookie, 'image/png');
  if (logoAnswer.status !== 200) throw new Error(`PUT /api/company/logo answered ${logoAnswer.status}: ${await logoAnswer.text()}`);
  const sessionId = randomUUID();
  const session = await postJson(
    ORIGIN,
    '/api/inspections',
    { id: sessionId, fields: { street: '8192 Budget Way', city: 'Denver', state: 'CO', zip: '80202' }, editedAt: new Date().toISOString() },
    cookie,
  );
  if (session.status !== 201) throw new Error(`POST /api/inspections answered ${session.status}: ${await session.text()}`);
  const uploaded = await uploadPhoto(cookie, sessionId, photo.bytes, photo.fileName, photo.contentType);
  if (uploaded.status !== 201) throw new Error(`photo upload answered ${uploaded.status}: ${await uploaded.text()}`);
  const deadline = performance.now() + THUMBNAIL_TIMEOUT_MS;
  for (;;) {
    const { rows } = await db.query<{ n: string }>('select count(*) as n from inspection_photos where session_id = $1 and thumb_large_path is not null', [
      sessionId,
    ]);
    if (Number(rows[0]?.n ?? 0) >= 1) break;
    if (performance.now() > deadline) throw new Error(`thumbnails not ready after ${THUMBNAIL_TIMEOUT_MS / 1000} s`);
    await sleep(200);
  }
  await db.query('update inspection_photos set thumb_small_path = null, thumb_large_path = null, thumbnails_at = null where session_id = $1', [sessionId]);
  return { name, cookie, sessionId, logo: await sizeOf(logo), photo: await sizeOf(photo.bytes) };
}

/** One render of the company's report (one photo a page) with the server's RSS sampled every 50 ms. */
async function measure(target: Company, pid: number | undefined): Promise<Measure> {
  await sleep(1000);
  const before = memoryOf(pid);
  if (!before) throw new Error('no /proc: the memory of the server cannot be read here');
  let peakKb = before.rssKb;
  const sampler = setInterval(() => {
    const now = memoryOf(pid);
    if (now) peakKb = Math.max(peakKb, now.rssKb);
  }, SAMPLE_MS);
  const t0 = performance.now();
  try {
    const created = await postJson(
      ORIGIN,
      '/api/reports',
      { kind: 'photo', sessionId: target.sessionId, layout: 1, overrideReason: 'Bench: the shot list is not part of what is measured.' },
      target.cookie,
    );
    if (created.status !== 201) throw new Error(`POST /api/reports answered ${created.status}: ${await created.text()}`);
    const reportId = ((await created.json()) as { report: ReportDetail }).report.id;
    let report: ReportDetail | null = null;
    while (performance.now() - t0 < RENDER_TIMEOUT_MS) {
      report = ((await (await fetch(`${ORIGIN}/api/reports/${reportId}`, { headers: { cookie: target.cookie } })).json()) as { report: ReportDetail }).report;
      if (report.status === 'ready' || report.status === 'failed') break;
      await sleep(POLL_MS);
    }
    const renderSeconds = (performance.now() - t0) / 1000;
    if (report?.status !== 'ready') throw new Error(`the ${target.name} report did not become ready: ${report?.status ?? 'unknown'} ${report?.error ?? ''}`);
    await checkPrinted(target, reportId);
    await sleep(2000);
    const after = memoryOf(pid);
    return {
      company: target.name,
      renderSeconds: round1(renderSeconds),
      rssBeforeMb: mb(before.rssKb),
      peakRssMb: mb(peakKb),
      peakRiseMb: mb(peakKb - before.rssKb),
      rssAfterMb: after ? mb(after.rssKb) : NaN,
      pageCount: report.pageCount,
    };
  } finally {
    clearInterval(sampler);
  }
}

/** The PDF printed the photo and the logo (no grey box): the images at the budget are drawn, not refused. */
async function checkPrinted(target: Company, reportId: string): Promise<void> {
  const response = await fetch(`${ORIGIN}/api/reports/${reportId}/file`, { headers: { cookie: target.cookie } });
  if (!response.ok) throw new Error(`GET /api/reports/${reportId}/file answered ${response.status}`);
  const path = join(benchDataDir(), 'largest.pdf');
  writeFileSync(path, Buffer.from(await response.arrayBuffer()));
  try {
    const text = (await run('pdftotext', [path, '-'])).stdout;
    if (/not available/.test(text)) throw new Error(`the ${target.name} report printed a grey box instead of an image`);
    const images = (await run('pdfimages', ['-list', path])).stdout.trim().split('\n').slice(2);
    if (images.length !== 2) throw new Error(`the ${target.name} report holds ${images.length} images, not the logo and the photo`);
  } finally {
    rmSync(join(path, '..'), { recursive: true, force: true });
  }
}

export async function benchPdfLargestImage() {
  const [phone] = await benchPhotos(1);
  if (!phone) throw new Error('no phone photo');
  const largest = await pngBomb(SIDE, SIDE, 4);
  const smallLogo = await sharp({ create: { width: 600, height: 240, channels: 4, background: { r: 20, g: 60, b: 140, alpha: 0.9 } } })
    .png()
    .toBuffer();
  const databaseUrl = await freshDatabase();
  if (!databaseUrl) throw new Error('bench:pdf needs BENCH_DATABASE_URL or TEST_DATABASE_URL (a PostgreSQL server to make its own database on)');
  const dataDir = benchDataDir();
  const child = await startServerChild(PORT, databaseUrl, { BENCH_DATA_DIR: dataDir, API_WRITE_LIMIT: '100000', AUTH_IP_LIMIT: '1000' });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  try {
    const startedMb = mb(memoryOf(child.pid)?.rssKb ?? NaN);
    const baseline = await company(db, 'pdf-baseline', smallLogo, { bytes: phone.bytes, fileName: 'IMG_4000.jpg', contentType: 'image/jpeg' });
    const big = await company(db, 'pdf-largest', largest, { bytes: largest, fileName: 'budget.png', contentType: 'image/png' });

    // The probe's bombs are refused at upload.
    const bombLogo = await put('/api/company/logo', await pngBomb(12_000, 12_000, 4), big.cookie, 'image/png');
    const bombPhoto = await uploadPhoto(big.cookie, big.sessionId, await pngBomb(16_000, 16_000), 'bomb.png', 'image/png');
    const refused = { logo12000: bombLogo.status, photo16000: bombPhoto.status };
    if (refused.logo12000 !== 422 || refused.photo16000 !== 422) throw new Error(`the bombs were not refused: ${JSON.stringify(refused)}`);

    const loadBefore = loadavg();
    const rounds: { baseline: Measure; largest: Measure }[] = [];
    for (let r = 0; r < ROUNDS; r++) {
      // The order alternates, so neither side always renders on the memory the other left.
      const first = r % 2 === 0 ? baseline : big;
      const second = first === baseline ? big : baseline;
      const a = await measure(first, child.pid);
      const b = await measure(second, child.pid);
      rounds.push(first === baseline ? { baseline: a, largest: b } : { baseline: b, largest: a });
      console.log(`round ${r + 1}: baseline +${rounds.at(-1)?.baseline.peakRiseMb} MB, largest +${rounds.at(-1)?.largest.peakRiseMb} MB`);
    }
    const after = memoryOf(child.pid);
    const side = (pick: (round: { baseline: Measure; largest: Measure }) => Measure) => ({
      peakRiseMb: round1(median(rounds.map((round) => pick(round).peakRiseMb))),
      maxPeakRiseMb: round1(Math.max(...rounds.map((round) => pick(round).peakRiseMb))),
      peakRssMb: round1(Math.max(...rounds.map((round) => pick(round).peakRssMb))),
      renderSeconds: round1(median(rounds.map((round) => pick(round).renderSeconds))),
    });
    const base = side((round) => round.baseline);
    const top = side((round) => round.largest);
    const ratio = round1(top.peakRiseMb / Math.max(base.peakRiseMb, 1));
    const cores = cpus().length;
    const data = {
      date: new Date().toISOString(),
      machine: {
        cores,
        model: cpus()[0]?.model ?? '',
        loadAverageBefore: loadBefore.map(round1),
        loadAverageAfter: loadavg().map(round1),
        split: `nothing pinned: the server child (UV_THREADPOOL_SIZE 16, libvips ${availableParallelism()} threads), this client and PostgreSQL share the ${cores} cores`,
      },
      budget: { pixels: MAX_IMAGE_PIXELS, text: PIXEL_BUDGET_TEXT },
      renderWorker: RENDER_LIMITS,
      images: { baseline: { logo: baseline.logo, photo: baseline.photo }, largest: { logo: big.logo, photo: big.photo } },
      refusedAtUpload: refused,
      rounds: ROUNDS,
      baseline: base,
      largest: top,
      riseRatio: ratio,
      serverRss: { afterStartMb: startedMb, afterMb: after ? mb(after.rssKb) : null, lifetimePeakHwmMb: after ? mb(after.hwmKb) : null },
      goal: GOAL,
      meetsGoal: top.maxPeakRiseMb <= GOAL.peakRiseMb,
      roundsDetail: rounds,
    };
    const yes = (ok: boolean) => (ok ? 'met' : '**not met**');
    const size = (image: { width: number; height: number; bytes: number }) => `${image.width} x ${image.height}, ${round1(image.bytes / 1024)} kB`;
    const rows = rounds
      .map(
        (round, i) =>
          `| ${i + 1} | ${round.baseline.rssBeforeMb} / ${round.baseline.peakRssMb} (+${round.baseline.peakRiseMb}) / ${round.baseline.rssAfterMb} | ${round.baseline.renderSeconds} | ` +
          `${round.largest.rssBeforeMb} / ${round.largest.peakRssMb} (+${round.largest.peakRiseMb}) / ${round.largest.rssAfterMb} | ${round.largest.renderSeconds} |`,
      )
      .join('\n');
    writeResults(
      'pdf-largest-image',
      data,
      `# PDF: server memory while it renders the largest images the pixel budget allows\n\n` +
        `The pixel budget is ${PIXEL_BUDGET_TEXT} (${MAX_IMAGE_PIXELS.toLocaleString('en-US')} pixels). The real server in a child process, its own fresh database, two companies: ` +
        `the baseline (logo ${size(baseline.logo)}; photo ${size(baseline.photo)}, a phone's JPEG) and the largest (logo and photo ${size(big.logo)}, a PNG with transparency at exactly the budget). ` +
        `Both photos' thumbnails were cleared, so each report reads the original (a report asked before the thumbnails existed). ` +
        `Each round renders both reports (one photo a page), the order alternating; the server's VmRSS is sampled every ${SAMPLE_MS} ms from the POST to ready. ${ROUNDS} rounds, medians shown. ` +
        `The render worker runs with a ${RENDER_LIMITS.heapMb} MB heap and a ${RENDER_LIMITS.timeMs / 60_000}-minute limit. ` +
        `${cores} cores, ${data.machine.split}; load average before ${data.machine.loadAverageBefore.join(' ')}.\n\n` +
        `Before the rounds, the probe's bombs were sent: the 12000 x 12000 PNG logo answered ${refused.logo12000} and the 16000 x 16000 PNG photo ${refused.photo16000} (refused from their headers, nothing decoded).\n\n` +
        `| | baseline (phone photo) | largest (at the budget) | largest / baseline | goal | |\n|---|---|---|---|---|---|\n` +
        `| peak RSS rise during the render (median) | ${base.peakRiseMb} MB | ${top.peakRiseMb} MB | ${ratio.toFixed(1)}x | <= ${GOAL.peakRiseMb} MB | ${yes(data.meetsGoal)} (worst round ${top.maxPeakRiseMb} MB) |\n` +
        `| peak RSS (highest round) | ${base.peakRssMb} MB | ${top.peakRssMb} MB | | | |\n` +
        `| POST to ready (median) | ${base.renderSeconds} s | ${top.renderSeconds} s | | | |\n\n` +
        `## Rounds\n\n| round | baseline RSS before / peak (rise) / 2 s after, MB | baseline render (s) | largest RSS before / peak (rise) / 2 s after, MB | largest render (s) |\n|---|---|---|---|---|\n${rows}\n\n` +
        `Server RSS after start ${startedMb} MB, after the rounds ${data.serverRss.afterMb} MB, VmHWM over its life ${data.serverRss.lifetimePeakHwmMb} MB (the uploads and the thumbnails of the two images at the budget included).\n`,
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
  await benchPdfLargestImage();
  process.exit(0);
}
