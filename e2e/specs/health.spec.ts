import { expect, test } from '@playwright/test';

test('@embedded the server answers its health check', async ({ request }) => {
  const response = await request.get('/api/health');
  expect(response.status()).toBe(200);
  const body = (await response.json()) as { status: string; database: string; version: string };
  expect(body.status).toBe('ok');
  expect(['embedded', 'external']).toContain(body.database);
  if (process.env.E2E_DATABASE === 'embedded') expect(body.database).toBe('embedded');
});
