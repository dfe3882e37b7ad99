import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { startEmbeddedPostgres, type EmbeddedHandle } from '../apps/server/src/infra/db/embedded-postgres';
import { chromiumPath, step, StepFailed } from './lib';

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

let embedded: EmbeddedHandle | null = null;
let exitCode = 0;
try {
  await step('Lint', 'npx', ['eslint', '.', '--max-warnings=0'], { cwd: root });
  await step('Typecheck', 'npm', ['run', 'typecheck'], { cwd: root });
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
  await step('Unit and server integration tests (vitest)', 'npx', ['vitest', 'run'], { cwd: root, env });
  await step('Build the web app', 'npm', ['run', 'build', '-w', '@ridgeline/web'], { cwd: root });
  await step('End-to-end tests (Playwright, Chromium)', 'npx', ['playwright', 'test'], { cwd: join(root, 'e2e'), env });
  console.log('\n✔ All tests passed');
} catch (error) {
  exitCode = error instanceof StepFailed ? error.code : 1;
  if (!(error instanceof StepFailed)) console.error(error);
} finally {
  await embedded?.stop();
}
process.exit(exitCode);
