import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../apps/server/src/infra/db/embedded-postgres';
import { chromiumPath, parallelSteps, step, StepFailed, type ParallelStep } from './lib';
import { slowestOfRun } from './test-timings';

// `npm test`: lint, typecheck, unit + server integration tests on real PostgreSQL, then the
// Playwright end-to-end suite in Chromium. TEST_DATABASE_URL / DATABASE_URL select an external
// PostgreSQL; without them an embedded PostgreSQL under ./data/test-db is used.
const root = new URL('..', import.meta.url).pathname;

if (!existsSync(chromiumPath())) {
  console.error(
    `Chromium was not found at ${chromiumPath()}. The end-to-end tests need it.\n` +
      'Install it with:  apt-get update && apt-get install -y chromium\n' +
      '(or point CHROMIUM_PATH at a Chromium binary). Never use `npx playwright install` here.',
  );
  process.exit(1);
}
// The PDF tests read the documents they make back with poppler (pdfinfo, pdftotext, pdftohtml, pdftoppm).
if (spawnSync('pdftotext', ['-v']).error) {
  console.error('poppler was not found (pdftotext). The PDF tests read documents back with it.\nInstall it with:  apt-get install -y poppler-utils');
  process.exit(1);
}

// The backup test dumps and restores the embedded database with the PostgreSQL client tools.
if (spawnSync('pg_dump', ['--version']).error && !process.env.PG_BIN_DIR) {
  console.error(
    'pg_dump was not found. The backup tests need the PostgreSQL client tools.\nInstall them with:  apt-get install -y postgresql-client-15  (or set PG_BIN_DIR)',
  );
  process.exit(1);
}

// Where the JSON reports go that name the run's slowest tests at its end.
const timingsDir = join(root, 'data/test-timings');
rmSync(timingsDir, { recursive: true, force: true });
mkdirSync(timingsDir, { recursive: true });
const vitestReport = join(timingsDir, 'vitest.json');
const playwrightReports: string[] = [];

let embedded: EmbeddedHandle | null = null;
let exitCode = 0;
try {
  // Three phases: the checks (lint, formatting, types) and the web build side by side; the vitest projects (two workers, each
  // server test file with its own server and database); then the Playwright suite. E2E_SHARDS=N splits
  // it into N shards run side by side, each with its own stack (server, SMTP capture, push service),
  // ports and fresh database: worth it with more cores than two. On two cores it is not (measured:
  // two shards took as long as one worker, the browsers only slower), so one is the default.
  await parallelSteps([
    { title: 'Lint', label: 'lint', command: 'npx', args: ['eslint', '.', '--max-warnings=0'], options: { cwd: root } },
    { title: 'Formatting (Prettier)', label: 'format', command: 'npx', args: ['prettier', '--check', '.'], options: { cwd: root } },
    { title: 'Typecheck', label: 'types', command: 'npm', args: ['run', 'typecheck'], options: { cwd: root } },
    { title: 'Build the web app', label: 'build', command: 'npm', args: ['run', 'build', '-w', '@ridgeline/web'], options: { cwd: root } },
  ]);
  let databaseUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!databaseUrl) {
    const dir = join(root, 'data/test-db');
    mkdirSync(dir, { recursive: true });
    console.log('\n▶ Starting embedded PostgreSQL for the tests (set TEST_DATABASE_URL to use another)');
    embedded = await startEmbeddedPostgres(dir, 'server');
    databaseUrl = embedded.url;
  }
  // The same retry policy as CI: a test that fails once and passes on its retry is reported as flaky;
  // one that fails twice fails the run.
  const env = { ...process.env, TEST_DATABASE_URL: databaseUrl, RIDGELINE_RETRY_ONCE: '1' };
  const shards = Math.max(1, Number(process.env.E2E_SHARDS ?? 1));
  // Playwright splits the suite by test count into contiguous parts. The first half by count holds
  // the axe sweep of every route (53 slow tests), so with two shards the first takes a smaller share
  // of the count (PLAYWRIGHT's PWTEST_SHARD_WEIGHTS; ignored by a version without it: an even split).
  const weights = shards === 2 ? { PWTEST_SHARD_WEIGHTS: process.env.PWTEST_SHARD_WEIGHTS ?? '42:58' } : {};
  const e2eSteps: ParallelStep[] = Array.from({ length: shards }, (_, index) => {
    const base = Number(process.env.E2E_PORT ?? 3100) + index * 10;
    const smtp = Number(process.env.E2E_SMTP_PORT ?? 2525) + index * 10;
    const report = join(timingsDir, `e2e-${index + 1}.json`);
    playwrightReports.push(report);
    return {
      title: shards > 1 ? `End-to-end tests, shard ${index + 1} of ${shards} (Playwright, Chromium)` : 'End-to-end tests (Playwright, Chromium)',
      label: shards > 1 ? `e2e ${index + 1}/${shards}` : 'e2e',
      command: 'npx',
      args: ['playwright', 'test', ...(shards > 1 ? [`--shard=${index + 1}/${shards}`] : [])],
      options: {
        cwd: join(root, 'e2e'),
        env: {
          ...env,
          ...weights,
          E2E_JSON_REPORT: report,
          E2E_PORT: String(base),
          E2E_SMTP_PORT: String(smtp),
          E2E_MAIL_API_PORT: String(smtp + 1),
          E2E_PUSH_PORT: String(smtp + 2),
        },
      },
    };
  });
  await step(
    'Unit and server integration tests (vitest)',
    'npx',
    ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=${vitestReport}`],
    {
      cwd: root,
      env,
    },
  );
  await parallelSteps(e2eSteps);
  console.log('\n✔ All tests passed');
} catch (error) {
  exitCode = error instanceof StepFailed ? error.code : 1;
  if (!(error instanceof StepFailed)) console.error(error);
} finally {
  await embedded?.stop();
  const lines = slowestOfRun({ playwright: playwrightReports, vitest: vitestReport }, `${root}`);
  if (lines.length > 0) console.log(`\nThe ${lines.length} slowest tests of this run (all attempts):\n${lines.join('\n')}`);
}
process.exit(exitCode);
