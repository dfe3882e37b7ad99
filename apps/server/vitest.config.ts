import { defineConfig } from 'vitest/config';

// Server tests run against real PostgreSQL (TEST_DATABASE_URL); each file gets its own database
// (src/test/test-database.ts), a copy of a template migrated once by the global setup, and its own
// server, so files run in parallel.
export default defineConfig({
  test: {
    name: 'server',
    retry: process.env.CI || process.env.RIDGELINE_RETRY_ONCE ? 1 : 0,
    environment: 'node',
    include: ['src/**/*.test.ts'],
    globalSetup: ['src/test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    fileParallelism: true,
  },
});
