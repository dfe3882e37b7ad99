import { randomBytes } from 'node:crypto';
import { ensureTemplateDatabase, withAdminClient } from './template-database';

// One fresh PostgreSQL database per test file (created on the server TEST_DATABASE_URL points at),
// dropped afterwards, so files run in parallel without seeing each other's rows. Each is a copy of
// the migrated template (template-database.ts), so the server's own migration step finds nothing to do.

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** The PostgreSQL server the tests use: TEST_DATABASE_URL, else DATABASE_URL, else local trust auth. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

// The global setup builds the template before any file runs; a file run on its own builds it here.
let template: Promise<string> | null = null;

const COPY_ATTEMPTS = 20;
// 55006: the template is in use (another session is connected to it for a moment).
const OBJECT_IN_USE = '55006';

async function copyTemplate(base: string, name: string, templateName: string): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await withAdminClient(base, (admin) => admin.query(`create database ${name} template ${templateName}`));
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code !== OBJECT_IN_USE || attempt >= COPY_ATTEMPTS) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt));
    }
  }
}

/** Creates `rl_t_<random>` as a copy of the migrated template and returns its URL and a drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = testServerUrl();
  template ??= ensureTemplateDatabase(base);
  const name = `rl_t_${randomBytes(6).toString('hex')}`;
  await copyTemplate(base, name, await template);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () =>
      withAdminClient(base, async (admin) => {
        await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
        await admin.query(`drop database if exists ${name}`);
      }),
  };
}
