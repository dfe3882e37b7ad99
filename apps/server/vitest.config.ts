import { defineConfig } from 'vitest/config';

// Server tests run against real PostgreSQL (TEST_DATABASE_URL); each file gets its own database.
export default defineConfig({
  test: {
    name: 'server',
    environment: 'node',
    include: ['src/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    maxWorkers: 2,
  },
});
