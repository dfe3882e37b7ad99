import { createHash, randomUUID } from 'node:crypto';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium, type BrowserContext, type CDPSession, type Page } from '@playwright/test';
import pg from 'pg';
import type { PhotoList } from '@ridgeline/shared/contracts/photos';
import { UPLOAD_CONCURRENCY } from '@ridgeline/shared/domain/upload-queue';
import { benchPhotos } from './photos';
import { BENCH_PASSWORD, benchDataDir, dropDatabase, freshDatabase, median, postJson, startServerChild, stopServerChild, writeResults } from './support';

// `npm run bench:field-soak`: a roofer's worst day, in real Chromium on a throttled phone profile.
// The app is installed at the office (first sign-in on a good connection, the service worker ready
// for offline); the phone then runs at 4x CPU slowdown on a mobile link (slow 3G unless
// BENCH_SOAK_LINK says otherwise). Three inspections are created, and their photos (500 generated
// 4000 x 3000 JPEGs of 2-4 MB unless BENCH_SOAK_PHOTOS says otherwise) are captured with no signal
// through the capture screen's camera input. Then the signal comes and goes while the queue uploads:
// 20 cuts (BENCH_SOAK_CUTS), 3 tab kills (the page closed without warning and a new one opened in the
// same browser, so the service worker and IndexedDB are kept) and one sign-out with photos waiting
// ("Sign out anyway", then the same user signs in again). Then the signal is back for good. The
// browser keeps its profile on disk, as a phone's browser does.
//
// At every step (after each inspection's capture, during each cut, after each kill and the sign-out) the
// phone's queue (read from its IndexedDB) is compared with what the server holds for each session:
// the phone still holds every photo captured; every photo the phone calls uploaded is on the server;
// the server holds no photo the phone does not know and none twice. A photo the server stored while
// its answer was lost in a cut is counted apart ("in doubt") until the phone's next try settles it. At
// the end: every photo exactly once, every stored original's SHA-256 equal to its file's, the phone's
// counts equal to the server's. Reported: the time from signal back to the last thumbnail, beside an
// ideal model (the bytes the server did not have yet at the link's upload rate, plus one round trip),
// the phone's memory (the page's JavaScript heap and every Chromium process's resident memory), the
// upload attempts and the bytes sent twice (uploads answered 200), the phone's checks before it sends
// again a photo whose last try got no answer (and how many found it held, so its bytes stayed on the
// phone), what the cuts cost, and how long after each signal back the first upload left.

type Link = { label: string; latencyMs: number; downBytesPerSecond: number; upBytesPerSecond: number };
/**
 * Mobile links, throttled through the DevTools protocol. Slow 3G is DevTools' preset (500 kbit/s x 0.8
 * each way, 400 ms x 5 latency); fast 3G and 4G are figures of the same kind for faster links.
 */
const LINKS: Record<string, Link> = {
  'slow-3g': { label: 'slow 3G (2,000 ms, 50 KB/s down and up)', latencyMs: 2000, downBytesPerSecond: 50_000, upBytesPerSecond: 50_000 },
  'fast-3g': { label: 'fast 3G (563 ms, 180 KB/s down, 84 KB/s up)', latencyMs: 562.5, downBytesPerSecond: 180_000, upBytesPerSecond: 84_375 },
  '4g': { label: '4G (165 ms, 1.01 MB/s down and up)', latencyMs: 165, downBytesPerSecond: 1_012_500, upBytesPerSecond: 1_012_500 },
};
const LINK_NAME = process.env.BENCH_SOAK_LINK ?? 'slow-3g';
const LINK = LINKS[LINK_NAME];
if (!LINK) throw new Error(`BENCH_SOAK_LINK must be one of ${Object.keys(LINKS).join(', ')}`);
const CPU_SLOWDOWN = 4;
const PHOTO_COUNT = Math.max(3, Number(process.env.BENCH_SOAK_PHOTOS ?? 500));
const INSPECTIONS = 3;
const CUTS = Math.max(1, Number(process.env.BENCH_SOAK_CUTS ?? 20));
const KILLS = 3;
/** The longest stretch of signal between two cuts. */
const STRETCH_MAX_MS = 120_000;
/** Photos handed to the camera input at once (a burst of shots). */
const BATCH = 25;
const PORT = Number(process.env.BENCH_SOAK_PORT ?? 3330);
const ORIGIN = `http://localhost:${PORT}`;
const VIEWPORT = { width: 390, height: 844 };
/** The longest the final drain may take before the run gives up: twice the ideal model for all the bytes, at least 10 minutes. */
const drainTimeoutMs = (bytes: number) => Math.max(600_000, (2 * bytes * 1000) / (LINK?.upBytesPerSecond ?? 1));

type Photo = { path: string; fileName: string; size: number; sha256: string };
type Inspection = { id: string; street: string; photos: Photo[] };
type PhoneRow = { id: string; sessionId: string; status: 'pending' | 'uploading' | 'completed' | 'failed'; sha256: string; storedId: string | null };
type ServerRow = { id: string; sha256: string; ready: boolean };
type Counts = { captured: number; phone: Record<PhoneRow['status'], number>; server: number; inDoubt: number };
type Checkpoint = { step: string; atSeconds: number; sessions: Counts[]; equal: boolean };

const round1 = (value: number) => Math.round(value * 10) / 10;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ---------------------------------------------------------------------------------------------
// The phone: a page with the link and CPU throttled through the DevTools protocol.

type Phone = { page: Page; cdp: CDPSession };

async function setLink(cdp: CDPSession, online: boolean): Promise<void> {
  if (!LINK) return;
  await cdp.send('Network.emulateNetworkConditions', {
    offline: !online,
    latency: LINK.latencyMs,
    downloadThroughput: LINK.downBytesPerSecond,
    uploadThroughput: LINK.upBytesPerSecond,
  });
}

/** A new tab on the phone, throttled from its first request, at `path`. */
async function openPhone(context: BrowserContext, path: string, online: boolean): Promise<Phone> {
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Performance.enable');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  await setLink(cdp, online);
  await page.goto(path, { timeout: 120_000 });
  return { page, cdp };
}

/**
 * The phone's queue as its IndexedDB holds it (the rows the upload panel and the screens count),
 * read in the page (the script is text: this folder's code is compiled without the DOM's types).
 */
const READ_QUEUE = `new Promise((resolve, reject) => {
  const open = indexedDB.open('ridgeline-uploads');
  open.onerror = () => reject(open.error);
  open.onsuccess = () => {
    const db = open.result;
    if (!db.objectStoreNames.contains('photos')) return db.close(), resolve([]);
    const request = db.transaction('photos').objectStore('photos').getAll();
    request.onerror = () => (db.close(), reject(request.error));
    request.onsuccess = () => {
      db.close();
      resolve(request.result.map((r) => ({ id: r.id, sessionId: r.sessionId, status: r.status, sha256: r.sha256, storedId: r.storedId ?? null })));
    };
  };
})`;

async function phoneRows(page: Page): Promise<PhoneRow[]> {
  return (await page.evaluate(READ_QUEUE)) as PhoneRow[];
}

// ---------------------------------------------------------------------------------------------
// Memory: the page's JavaScript heap and the resident memory of every Chromium process.

const memory = { heapPeakMb: 0, heapAtEndMb: 0, chromiumRssPeakMb: 0, samples: 0 };

/** The resident memory of the Chromium processes this run started (browser, renderers, GPU, utilities), from /proc. */
function chromiumRssMb(): number {
  const parents = new Map<number, number>();
  const names = new Map<number, string>();
  for (const entry of readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const close = stat.lastIndexOf(')');
      names.set(Number(entry), stat.slice(stat.indexOf('(') + 1, close));
      parents.set(Number(entry), Number(stat.slice(close + 2).split(' ')[1]));
    } catch {
      // The process ended between the listing and the read.
    }
  }
  const ours = (pid: number): boolean => {
    for (let at = parents.get(pid); at !== undefined && at > 1; at = parents.get(at)) if (at === process.pid) return true;
    return false;
  };
  let kb = 0;
  for (const [pid, name] of names) {
    if (!/chrom/i.test(name) || !ours(pid)) continue;
    try {
      kb += Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    } catch {
      // Ended meanwhile.
    }
  }
  return kb / 1024;
}

async function sampleMemory(phone: Phone): Promise<void> {
  try {
    const { metrics } = await phone.cdp.send('Performance.getMetrics');
    const heap = (metrics.find((m) => m.name === 'JSHeapUsedSize')?.value ?? 0) / 2 ** 20;
    memory.heapPeakMb = Math.max(memory.heapPeakMb, heap);
    memory.heapAtEndMb = heap;
  } catch {
    // The tab was closed (a kill) between two samples.
  }
  memory.chromiumRssPeakMb = Math.max(memory.chromiumRssPeakMb, chromiumRssMb());
  memory.samples += 1;
}

// ---------------------------------------------------------------------------------------------
// The server's side, read as the product's API and database hold it.

async function serverRows(db: pg.Pool, sessionId: string): Promise<ServerRow[]> {
  const { rows } = await db.query<{ id: string; sha256: string; ready: boolean }>(
    'select id, sha256, (thumb_small_path is not null and thumb_large_path is not null) as ready from inspection_photos where session_id = $1 and deleted_at is null',
    [sessionId],
  );
  return rows;
}

export async function benchFieldSoak() {
  if (!LINK) throw new Error('no link');
  const made = await benchPhotos(PHOTO_COUNT);
  const photos: Photo[] = made.map((p, index) => ({
    path: p.path,
    fileName: `soak-${String(index + 1).padStart(3, '0')}.jpg`,
    size: p.bytes.length,
    sha256: p.sha256,
  }));
  const totalBytes = photos.reduce((sum, p) => sum + p.size, 0);
  const idealAllSeconds = totalBytes / LINK.upBytesPerSecond;
  console.log(
    `field soak: ${PHOTO_COUNT} photos, ${round1(totalBytes / 1e6)} MB on ${LINK.label}; the link alone needs ${round1(idealAllSeconds / 60)} min for them (ideal model)`,
  );
  const perInspection = Math.ceil(PHOTO_COUNT / INSPECTIONS);
  const inspections: Inspection[] = Array.from({ length: INSPECTIONS }, (_, i) => ({
    id: randomUUID(),
    street: `${100 + i} Soak Ridge Road`,
    photos: photos.slice(i * perInspection, (i + 1) * perInspection),
  }));

  const databaseUrl = await freshDatabase();
  if (!databaseUrl)
    throw new Error('bench:field-soak needs PostgreSQL: set BENCH_DATABASE_URL or TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)');
  const dataDir = benchDataDir();
  const child = await startServerChild(PORT, databaseUrl, { BENCH_DATA_DIR: dataDir });
  const db = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  // The phone's browser keeps its data on disk, as a phone's does (a private window would hold
  // IndexedDB in memory, under a smaller quota than the photos need).
  const profileDir = mkdtempSync(join(tmpdir(), 'ridgeline-soak-phone-'));
  const context = await chromium.launchPersistentContext(profileDir, {
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    baseURL: ORIGIN,
    viewport: VIEWPORT,
    isMobile: true,
    hasTouch: true,
    serviceWorkers: 'allow',
  });
  const started = performance.now();
  const at = () => round1((performance.now() - started) / 1000);
  const checkpoints: Checkpoint[] = [];
  const attempts = { puts: 0, answered: 0, failed: 0, statuses: {} as Record<string, number> };
  /**
   * The phone's questions (GET /api/photos/:id) before it sends again a photo whose last try got no
   * answer: how many, how many found the photo held (so its bytes were not sent again), not held,
   * and without an answer.
   */
  const checks = { asked: 0, held: 0, notHeld: 0, failed: 0, statuses: {} as Record<string, number> };
  const heldIds = new Set<string>();
  /** The bytes of the uploads the server answered 200 (it already held that photo): sent twice. */
  let bytesSentTwice = 0;
  const sizeBySha = new Map(photos.map((p) => [p.sha256, p.size]));
  const CHECK_PATH = /^\/api\/photos\/([0-9a-f-]{36})$/;
  const checkedId = (url: string) => CHECK_PATH.exec(new URL(url).pathname)?.[1] ?? null;
  const events: string[] = [];
  /** The phone's console errors and uncaught errors, printed when a step fails. */
  const pageErrors: string[] = [];
  let memoryTimer: ReturnType<typeof setInterval> | null = null;
  try {
    for (const blank of context.pages()) await blank.close();
    // The office: a confirmed user, signed in on a good connection, the app ready for offline.
    const email = `soak-${Date.now().toString(36)}@example.com`;
    const signUp = await postJson(ORIGIN, '/api/auth/sign-up/email', {
      firstName: 'Sam',
      lastName: 'Soak',
      companyName: 'Soak Test Roofing',
      phone: '+1 555 010 4242',
      email,
      password: BENCH_PASSWORD,
    });
    if (!signUp.ok) throw new Error(`sign-up answered ${signUp.status}: ${await signUp.text()}`);
    await db.query('update "user" set email_verified = true where email = $1', [email]);
    const signIn = await context.request.post('/api/auth/sign-in/email', { headers: { origin: ORIGIN }, data: { email, password: BENCH_PASSWORD } });
    if (!signIn.ok()) throw new Error(`sign-in answered ${signIn.status()}: ${await signIn.text()}`);
    for (const inspection of inspections) {
      const created = await context.request.post('/api/inspections', {
        headers: { origin: ORIGIN },
        data: {
          id: inspection.id,
          fields: {
            street: inspection.street,
            city: 'Denver',
            state: 'CO',
            zip: '80202',
            structures: [
              {
                id: 'main',
                name: 'Main house',
                kind: 'main_house',
                areas: ['roof', 'front', 'right', 'rear', 'left'],
                slopes: [
                  { direction: 'N', testSquareHits: 8 },
                  { direction: 'S', testSquareHits: 11 },
                ],
              },
            ],
          },
          editedAt: new Date().toISOString(),
        },
      });
      if (created.status() !== 201) throw new Error(`creating an inspection answered ${created.status()}: ${await created.text()}`);
    }
    {
      const office = await context.newPage();
      await office.goto('/field-inspection');
      await office.getByText('Ready for offline', { exact: true }).waitFor({ timeout: 180_000 });
      for (const inspection of inspections) await office.goto(`/field-inspection/${inspection.id}/roof`);
      await office.close();
    }

    /** When the signal last came back, until the phone's first upload after it goes on the wire. */
    let signalAt: number | null = null;
    const reactionsMs: number[] = [];
    const signalBack = async () => {
      await setLink(phone.cdp, true);
      signalAt = performance.now();
    };
    let phone = await openPhone(context, '/field-inspections', true);
    const watch = (page: Page) => {
      page.on('console', (message) => {
        if (message.type() === 'error') pageErrors.push(`${at()} s console: ${message.text().slice(0, 300)}`);
      });
      page.on('pageerror', (error) => pageErrors.push(`${at()} s page error: ${error.message.slice(0, 300)}`));
      page.on('request', (request) => {
        if (request.method() === 'GET' && checkedId(request.url())) checks.asked += 1;
        if (request.method() !== 'PUT' || !/\/api\/inspections\/[^/]+\/photos\//.test(request.url())) return;
        attempts.puts += 1;
        if (signalAt !== null) reactionsMs.push(Math.round(performance.now() - signalAt));
        signalAt = null;
      });
      page.on('response', (response) => {
        const request = response.request();
        const checked = request.method() === 'GET' ? checkedId(request.url()) : null;
        if (checked) {
          checks.statuses[response.status()] = (checks.statuses[response.status()] ?? 0) + 1;
          if (response.status() === 200) {
            checks.held += 1;
            heldIds.add(checked);
          } else if (response.status() === 404) checks.notHeld += 1;
          return;
        }
        if (request.method() !== 'PUT' || !/\/api\/inspections\/[^/]+\/photos\//.test(request.url())) return;
        attempts.answered += 1;
        attempts.statuses[response.status()] = (attempts.statuses[response.status()] ?? 0) + 1;
        if (response.status() === 200) bytesSentTwice += sizeBySha.get(new URL(request.url()).searchParams.get('sha256') ?? '') ?? 0;
      });
      page.on('requestfailed', (request) => {
        if (request.method() === 'GET' && checkedId(request.url())) checks.failed += 1;
        if (request.method() === 'PUT' && /\/api\/inspections\/[^/]+\/photos\//.test(request.url())) attempts.failed += 1;
      });
    };
    watch(phone.page);
    memoryTimer = setInterval(() => void sampleMemory(phone), 5000);

    const captured = new Map<string, number>(inspections.map((inspection) => [inspection.id, 0]));
    /** Compares the phone with the server for every session; throws on anything lost, duplicated or unknown. */
    const checkpoint = async (step: string, expectEqual = false): Promise<void> => {
      const rows = await phoneRows(phone.page);
      const sessions: Counts[] = [];
      let equal = true;
      for (const inspection of inspections) {
        const mine = rows.filter((row) => row.sessionId === inspection.id);
        const held = await serverRows(db, inspection.id);
        const phoneCounts = { pending: 0, uploading: 0, completed: 0, failed: 0 };
        for (const row of mine) phoneCounts[row.status] += 1;
        const where = `${step}, ${inspection.street}`;
        if (mine.length !== captured.get(inspection.id))
          throw new Error(`${where}: the phone holds ${mine.length} photos of ${captured.get(inspection.id)} captured`);
        const heldSha = new Set(held.map((row) => row.sha256));
        if (heldSha.size !== held.length) throw new Error(`${where}: the server holds a photo twice`);
        const phoneSha = new Set(mine.map((row) => row.sha256));
        const unknown = held.filter((row) => !phoneSha.has(row.sha256));
        if (unknown.length) throw new Error(`${where}: the server holds ${unknown.length} photos the phone does not know`);
        const heldIds = new Set(held.map((row) => row.id));
        const claimed = mine.filter((row) => row.status === 'completed' && !heldIds.has(row.storedId ?? row.id));
        if (claimed.length) throw new Error(`${where}: the phone calls ${claimed.length} photos uploaded that the server does not hold`);
        const inDoubt = held.length - phoneCounts.completed;
        if (inDoubt !== 0) equal = false;
        sessions.push({ captured: mine.length, phone: phoneCounts, server: held.length, inDoubt });
      }
      if (expectEqual && !equal) throw new Error(`${step}: the phone's counts differ from the server's: ${JSON.stringify(sessions)}`);
      checkpoints.push({ step, atSeconds: at(), sessions, equal });
      const line = sessions.map((s) => `${s.phone.completed}/${s.server}/${s.captured}`).join('  ');
      console.log(`[${at()} s] ${step}: uploaded on the phone / on the server / captured: ${line}`);
    };

    // The roof, no signal: every photo captured through the camera input, a burst at a time.
    await setLink(phone.cdp, false);
    events.push(`${at()} s: signal lost`);
    for (const inspection of inspections) {
      await phone.page.goto(`/field-inspection/${inspection.id}/roof`);
      const input = phone.page.locator('input[type="file"][capture="environment"]');
      await input.waitFor({ state: 'attached', timeout: 60_000 });
      for (let start = 0; start < inspection.photos.length; start += BATCH) {
        const burst = inspection.photos.slice(start, start + BATCH);
        await input.setInputFiles(burst.map((p) => p.path));
        const expected = (captured.get(inspection.id) ?? 0) + burst.length;
        const deadline = Date.now() + 300_000;
        while ((await phoneRows(phone.page)).filter((row) => row.sessionId === inspection.id).length < expected) {
          if (Date.now() > deadline)
            throw new Error(
              `${inspection.street}: the phone queued fewer than ${expected} photos in 5 minutes; its screen says: ` +
                (await phone.page.locator('[role="status"], [role="alert"], [data-sonner-toast]').allInnerTexts()).join(' | '),
            );
          await sleep(250);
        }
        captured.set(inspection.id, expected);
      }
      await checkpoint(`captured ${inspection.photos.length} photos at ${inspection.street} offline`, true);
    }
    const captureSeconds = at();
    // BENCH_SOAK_PROFILE=<file>: the phone page's CPU profile over the first two stretches of signal
    // (read it with profile-summary.ts), to see where the phone's time goes while it uploads.
    const profileFile = process.env.BENCH_SOAK_PROFILE;
    if (profileFile) {
      await phone.cdp.send('Profiler.enable');
      await phone.cdp.send('Profiler.start');
    }

    // The signal comes and goes while the queue uploads.
    const killAfter = new Set(Array.from({ length: KILLS }, (_, i) => Math.round(((i + 1) * CUTS) / (KILLS + 2))));
    const signOutAfter = Math.round(CUTS / 2);
    // Each stretch of signal lasts 1.2 to 2 times a round of uploads at the link's rate (eight at
    // once share it), so that a round can land, but never more than STRETCH_MAX_MS: on slow 3G a
    // round of eight phone photos takes about 8 minutes, longer than the signal lasts on a roof.
    const roundSeconds = (UPLOAD_CONCURRENCY * (totalBytes / PHOTO_COUNT)) / LINK.upBytesPerSecond;
    const stretchMs = (cut: number) => Math.min(STRETCH_MAX_MS, Math.round(1000 * roundSeconds * (1.2 + ((cut * 7) % 9) / 10)));
    const cutMs = (cut: number) => 1500 + ((cut * 13) % 7) * 500;
    let bytesHeldAtSignalBack = 0;
    let photosWaitingAtSignOut = 0;
    // Counted as they happen: with few cuts two kill points can fall on one cut.
    let tabKills = 0;
    for (let cut = 1; cut <= CUTS; cut += 1) {
      await signalBack();
      await phone.page.waitForTimeout(stretchMs(cut));
      await setLink(phone.cdp, false);
      events.push(`${at()} s: cut ${cut}`);
      // The uploads in flight fail on the phone; then the two sides are compared.
      await phone.page.waitForTimeout(cutMs(cut));
      await checkpoint(`cut ${cut} of ${CUTS}`);
      if (profileFile && cut === 2) {
        const { profile } = await phone.cdp.send('Profiler.stop');
        writeFileSync(profileFile, JSON.stringify(profile));
      }
      // The last cut ends with the signal back for good, below.
      if (cut === CUTS) break;
      await signalBack();
      if (killAfter.has(cut)) {
        await phone.page.waitForTimeout(Math.min(stretchMs(cut) / 2, 30_000));
        events.push(`${at()} s: tab killed with uploads in flight`);
        tabKills += 1;
        await phone.page.close({ runBeforeUnload: false });
        phone = await openPhone(context, '/field-inspections', true);
        watch(phone.page);
        await checkpoint(`tab killed and opened again (after cut ${cut})`);
      }
      if (cut === signOutAfter) {
        await phone.page.waitForTimeout(Math.min(stretchMs(cut) / 2, 30_000));
        await phone.page.getByRole('button', { name: /Open the user menu/ }).click();
        await phone.page.getByRole('menuitem', { name: 'Sign Out' }).click();
        // With photos waiting the phone warns first; without (the last ones may have landed, or been
        // found held, since the menu opened) it signs out at once.
        const warning = phone.page.getByRole('dialog', { name: 'Photos still waiting to upload' });
        const warned = await Promise.race([
          warning.waitFor({ timeout: 30_000 }).then(
            () => true,
            () => false,
          ),
          phone.page.waitForURL(/\/auth/, { timeout: 30_000 }).then(
            () => false,
            () => false,
          ),
        ]);
        if (warned) {
          // The roofer signs out anyway.
          const waiting = (await phoneRows(phone.page)).filter((row) => row.status !== 'completed').length;
          photosWaitingAtSignOut = waiting;
          events.push(`${at()} s: signed out with ${waiting} photos waiting to upload`);
          await warning.getByRole('button', { name: 'Sign out anyway' }).click();
        } else {
          events.push(`${at()} s: signed out with nothing waiting (every photo was already uploaded)`);
        }
        await phone.page.waitForURL(/\/auth/);
        const putsWhileOut = attempts.puts;
        await phone.page.waitForTimeout(5000);
        if (attempts.puts !== putsWhileOut) throw new Error('uploads went on after the sign-out');
        await checkpoint('signed out, photos kept on the phone');
        await phone.page.getByRole('tab', { name: 'Sign In' }).click();
        await phone.page.getByLabel('Password', { exact: true }).waitFor();
        await phone.page.getByLabel('Email', { exact: true }).fill(email);
        await phone.page.getByLabel('Password', { exact: true }).fill(BENCH_PASSWORD);
        await phone.page.getByRole('form', { name: 'Sign in' }).getByRole('button', { name: 'Sign In', exact: true }).click();
        await phone.page.waitForURL(/\/dashboard$/, { timeout: 60_000 });
        events.push(`${at()} s: the same user signed in again`);
        await phone.page.goto('/field-inspections');
        await checkpoint('signed in again');
      }
    }

    // The signal is back for good (the last cut ends): the time until the server holds every photo
    // with its thumbnails. What the server already holds is counted while the phone is still cut off.
    {
      let held = 0;
      for (const inspection of inspections)
        for (const row of await serverRows(db, inspection.id)) held += photos.find((p) => p.sha256 === row.sha256)?.size ?? 0;
      bytesHeldAtSignalBack = held;
    }
    await signalBack();
    const signalBackAt = performance.now();
    events.push(`${at()} s: signal back for good`);
    const remainingBytes = totalBytes - bytesHeldAtSignalBack;
    const deadline = Date.now() + drainTimeoutMs(remainingBytes);
    let retriedFromPanel = 0;
    let lastThumbnailAt = 0;
    for (;;) {
      let ready = 0;
      for (const inspection of inspections) ready += (await serverRows(db, inspection.id)).filter((row) => row.ready).length;
      if (ready === PHOTO_COUNT) {
        lastThumbnailAt = performance.now();
        break;
      }
      if (Date.now() > deadline)
        throw new Error(`after signal back only ${ready} of ${PHOTO_COUNT} photos had thumbnails in ${round1(drainTimeoutMs(remainingBytes) / 60_000)} min`);
      // Photos that used their tries during the cuts wait for the roofer's Retry Failed, as the panel offers.
      const failed = (await phoneRows(phone.page)).filter((row) => row.status === 'failed').length;
      if (failed > 0 && (await phone.page.getByRole('button', { name: /^Retry Failed \(\d+\)$/ }).count()) > 0) {
        await phone.page.getByRole('button', { name: /^Retry Failed \(\d+\)$/ }).click();
        retriedFromPanel += failed;
        events.push(`${at()} s: Retry Failed tapped for ${failed}`);
      }
      await sleep(1000);
    }
    const drainSeconds = round1((lastThumbnailAt - signalBackAt) / 1000);
    // The phone hears the last answers; then both sides must agree exactly.
    const settleDeadline = Date.now() + 120_000;
    while ((await phoneRows(phone.page)).some((row) => row.status !== 'completed')) {
      if (Date.now() > settleDeadline) throw new Error('the phone did not mark every photo uploaded within 2 minutes of the server holding them');
      await sleep(500);
    }
    await checkpoint('signal back: every photo uploaded', true);
    await sampleMemory(phone);
    // The bytes the checks kept off the link: the photos they found held, by the phone's own rows.
    let bytesSaved = 0;
    for (const row of await phoneRows(phone.page)) if (heldIds.has(row.id)) bytesSaved += sizeBySha.get(row.sha256) ?? 0;

    // Every stored original, read back through the API, hashes to its file's SHA-256.
    let verified = 0;
    for (const inspection of inspections) {
      const list = await context.request.get(`/api/inspections/${inspection.id}/photos`);
      if (!list.ok()) throw new Error(`listing photos answered ${list.status()}`);
      const stored = ((await list.json()) as PhotoList).photos;
      if (stored.length !== inspection.photos.length)
        throw new Error(`${inspection.street}: ${stored.length} photos listed, ${inspection.photos.length} captured`);
      const expected = new Set(inspection.photos.map((p) => p.sha256));
      for (const photo of stored) {
        const original = await context.request.get(photo.url);
        const sha = createHash('sha256')
          .update(await original.body())
          .digest('hex');
        if (sha !== photo.sha256 || !expected.has(sha)) throw new Error(`${photo.fileName}: the stored original does not hash to its file's SHA-256`);
        verified += 1;
      }
    }
    clearInterval(memoryTimer);
    memoryTimer = null;

    const idealDrainSeconds = round1(remainingBytes / LINK.upBytesPerSecond + LINK.latencyMs / 1000);
    const data = {
      link: { name: LINK_NAME, ...LINK },
      cpuSlowdown: CPU_SLOWDOWN,
      viewport: VIEWPORT,
      uploadConcurrency: UPLOAD_CONCURRENCY,
      photos: {
        count: PHOTO_COUNT,
        inspections: INSPECTIONS,
        totalMb: round1(totalBytes / 1e6),
        sizeMb: { min: round1(Math.min(...photos.map((p) => p.size)) / 1e6), max: round1(Math.max(...photos.map((p) => p.size)) / 1e6) },
      },
      faults: { cuts: CUTS, tabKills, photosWaitingAtSignOut },
      result: {
        lost: 0,
        duplicated: 0,
        sha256Verified: verified,
        checkpoints: checkpoints.length,
        checkpointsInDoubt: checkpoints.filter((c) => !c.equal).length,
      },
      captureSeconds,
      signalBack: {
        bytesStillToSendMb: round1(remainingBytes / 1e6),
        secondsToLastThumbnail: drainSeconds,
        idealSeconds: idealDrainSeconds,
        ratioToIdeal: remainingBytes > 0 ? Math.round((100 * drainSeconds) / idealDrainSeconds) / 100 : null,
        retriedFromPanel,
      },
      wholeRunSeconds: at(),
      idealWholeUploadSeconds: round1(idealAllSeconds),
      attempts,
      checks: { ...checks, heldMb: round1(bytesSaved / 1e6) },
      sentTwiceMb: round1(bytesSentTwice / 1e6),
      signalToFirstUploadMs: { count: reactionsMs.length, median: median(reactionsMs), max: Math.max(0, ...reactionsMs) },
      memory: {
        heapPeakMb: round1(memory.heapPeakMb),
        heapAtEndMb: round1(memory.heapAtEndMb),
        chromiumRssPeakMb: round1(memory.chromiumRssPeakMb),
        samples: memory.samples,
      },
      events,
      checkpoints,
    };
    const rows = checkpoints
      .map(
        (c) =>
          `| ${c.atSeconds} | ${c.step} | ${c.sessions.map((s) => `${s.phone.completed} / ${s.server} / ${s.captured}${s.inDoubt ? ` (${s.inDoubt} in doubt)` : ''}`).join(' · ')} |`,
      )
      .join('\n');
    writeResults(
      `field-soak${LINK_NAME === 'slow-3g' ? '' : `-${LINK_NAME}`}`,
      data,
      `# Field soak: ${PHOTO_COUNT} photos captured offline, uploaded through ${CUTS} cuts, ${tabKills} tab kills and a sign-out\n\n` +
        `Real Chromium (Debian's), a ${VIEWPORT.width} x ${VIEWPORT.height} phone at ${CPU_SLOWDOWN}x CPU slowdown on ${LINK.label}, throttled through the DevTools protocol; ` +
        `the real server in a child process on a fresh PostgreSQL database. ${PHOTO_COUNT} generated 4000 x 3000 JPEGs (${data.photos.sizeMb.min}-${data.photos.sizeMb.max} MB, ${data.photos.totalMb} MB in all, every file different) ` +
        `over ${INSPECTIONS} inspections, captured with no signal through the capture screen's camera input; then ${CUTS} cuts while uploading, ` +
        `${tabKills} tab kills (the page closed without warning, a new one opened: the service worker and IndexedDB kept) and one sign-out with ${photosWaitingAtSignOut} photos waiting ("Sign out anyway", the same user signing in again); then the signal back for good.\n\n` +
        `| | |\n|---|---|\n` +
        `| photos lost | 0 |\n| photos stored twice | 0 |\n| stored originals read back, SHA-256 matching | ${verified} of ${PHOTO_COUNT} |\n` +
        `| checkpoints, phone against server | ${checkpoints.length}: nothing lost, nothing unknown, nothing twice at every one; equal at ${checkpoints.length - data.result.checkpointsInDoubt}, the others with photos stored whose answer a cut lost, settled at the phone's next try |\n` +
        `| signal back to the last thumbnail | ${drainSeconds} s for ${data.signalBack.bytesStillToSendMb} MB still to send |\n` +
        `| ideal model: those bytes at the link's upload rate, plus one round trip | ${idealDrainSeconds} s (measured / ideal: ${data.signalBack.ratioToIdeal === null ? 'n/a, nothing was left to send' : `${data.signalBack.ratioToIdeal}x`}) |\n` +
        `| photos that used their tries in the cuts, sent again with Retry Failed | ${retriedFromPanel} |\n` +
        `| signal back to the phone's first upload on the wire | median ${median(reactionsMs)} ms, longest ${Math.max(0, ...reactionsMs)} ms (${reactionsMs.length} times) |\n` +
        `| upload requests | ${attempts.puts} for ${PHOTO_COUNT} photos (${attempts.failed} cut off, answers: ${JSON.stringify(attempts.statuses)}) |\n` +
        `| photos sent twice over the wire (uploads answered 200: the server held them already) | ${attempts.statuses['200'] ?? 0}, ${data.sentTwiceMb} MB |\n` +
        `| checks before sending again a photo whose last try got no answer | ${checks.asked}: ${checks.held} held (${data.checks.heldMb} MB not sent again), ${checks.notHeld} not held (sent), ${checks.failed} without an answer |\n` +
        `| the phone's memory | JavaScript heap peak ${data.memory.heapPeakMb} MB (${data.memory.heapAtEndMb} MB at the end); every Chromium process together peak ${data.memory.chromiumRssPeakMb} MB resident |\n` +
        `| whole run | ${data.wholeRunSeconds} s (capture ${captureSeconds} s); the link alone needs ${round1(idealAllSeconds)} s for all ${data.photos.totalMb} MB |\n\n` +
        `"Ideal" is a model, not a measurement: a phone that sends exactly the bytes the server still lacks, one after the other at the link's full rate, with no request, thumbnail or retry cost. ` +
        `A cut throws away what the uploads in flight had sent (a PUT is not resumable), which the ratio includes.\n\n` +
        `## Checkpoints\n\nPer inspection: uploaded on the phone / held by the server / captured.\n\n| s | step | inspections |\n|---|---|---|\n${rows}\n\n` +
        `## Events\n\n${events.map((e) => `- ${e}`).join('\n')}\n`,
    );
    return data;
  } catch (error) {
    console.error(`the phone's last errors:\n${pageErrors.slice(-20).join('\n')}`);
    throw error;
  } finally {
    if (memoryTimer) clearInterval(memoryTimer);
    await context.close();
    rmSync(profileDir, { recursive: true, force: true });
    await db.end();
    await stopServerChild(child);
    await dropDatabase(databaseUrl);
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await benchFieldSoak();
process.exit(0);
