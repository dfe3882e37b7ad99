import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; each has its own config (node or jsdom). On CI and
// in `npm test` (which sets RIDGELINE_RETRY_ONCE, so a newcomer's run is CI's run) every project runs
// a failed test once more, as the browser tests do: a test that fails both times fails the run; one
// that passes the second time is reported as flaky, to be fixed. A single file run by hand gets no
// retry. (Projects do not inherit the root's options, so each config sets `retry` itself.)
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          retry: process.env.CI || process.env.RIDGELINE_RETRY_ONCE ? 1 : 0,
        },
      },
      {
        test: {
          name: 'lint-rules',
          include: ['eslint-rules/**/*.test.ts'],
          environment: 'node',
          // A file's first lint loads the whole lint config (typescript-eslint, the import plugins),
          // seconds on two busy cores.
          testTimeout: 20_000,
          retry: process.env.CI || process.env.RIDGELINE_RETRY_ONCE ? 1 : 0,
        },
      },
    ],
    // Two cores: server test files each start a server and a database.
    maxWorkers: 2,
  },
});
