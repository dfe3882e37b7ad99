import { defineConfig } from 'vitest/config';

// Unit and integration tests of every workspace; each has its own config (node or jsdom).
export default defineConfig({
  test: {
    projects: ['packages/shared', 'apps/server', 'apps/web'],
  },
});
