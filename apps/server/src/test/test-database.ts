import { randomBytes } from 'node:crypto';
import pg from 'pg';

// One fresh PostgreSQL database per test file (created on the server TEST_DATABASE_URL points at),
// dropped afterwards, so files run in parallel without seeing each other's rows.

export type TestDatabase = { name: string; url: string; drop: () => Promise<void> };

/** The PostgreSQL server the tests use: TEST_DATABASE_URL, else DATABASE_URL, else local trust auth. */
export function testServerUrl(): string {
  return process.env.TEST_DATABASE_URL || process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/test';
}

async function runAdmin(baseUrl: string, query: string): Promise<void> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    await client.query(query);
  } finally {
    await client.end();
  }
}

/** Creates `rl_t_<random>` next to the configured database and returns its URL and a drop(). */
export async function createTestDatabase(): Promise<TestDatabase> {
  const base = testServerUrl();
  const name = `rl_t_${randomBytes(6).toString('hex')}`;
  await runAdmin(base, `create database ${name}`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      await runAdmin(base, `select pg_terminate_backend(pid) from pg_stat_activity where datname = '${name}' and pid <> pg_backend_pid()`);
      await runAdmin(base, `drop database if exists ${name}`);
    },
  };
}
