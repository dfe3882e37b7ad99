import { defineConfig } from '@playwright/test';

// End-to-end tests in Debian's Chromium against the real built app, server and database.
// support/stack.ts starts an SMTP capture and the server (external PostgreSQL from
// TEST_DATABASE_URL, or the embedded one when E2E_DATABASE=embedded or no URL is set).
const port = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${port}`;

export default defineConfig({
  testDir: './specs',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI || process.env.RIDGELINE_RETRY_ONCE ? 1 : 0,
  // `npm test` also asks for a JSON report (E2E_JSON_REPORT) to list the run's slowest tests.
  reporter: process.env.E2E_JSON_REPORT ? [['list'], ['json', { outputFile: process.env.E2E_JSON_REPORT }]] : [['list']],
  use: {
    baseURL,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  webServer: {
    command: 'node --import tsx support/stack.ts',
    url: `${baseURL}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: { E2E_PORT: String(port) },
    // SIGTERM (not the default SIGKILL) so the stack drops its database before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
  },
});
