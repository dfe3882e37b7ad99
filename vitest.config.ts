import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; each has its own config (node or jsdom).
export default defineConfig({
  test: {
    projects: [
      'packages/shared',
      'apps/server',
      'apps/web',
      { test: { name: 'lint-rules', include: ['eslint-rules/**/*.test.ts'], environment: 'node' } },
    ],
    // Two cores: server test files each start a server and a database.
    maxWorkers: 2,
  },
});
