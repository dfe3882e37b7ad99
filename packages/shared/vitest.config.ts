import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: { name: 'shared', environment: 'node', include: ['src/**/*.test.ts'], retry: process.env.CI || process.env.RIDGELINE_RETRY_ONCE ? 1 : 0 },
});
