import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { errorBodySchema } from '@ridgeline/shared/domain/errors';
import { signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { startTestServer, type SignedUpUser, type TestServer } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// What keeps one tenant's expensive reads from stalling everyone, through the whole stack on a real
// database: a statement past DATABASE_READ_TIMEOUT_MS answers 503 QUERY_TIMEOUT; a second expensive
// read of the same user and kind, or a company's third, on either of two instances, answers 429
// READ_IN_PROGRESS while the first ones run; a request that finds no free pool connection within
// DATABASE_POOL_TIMEOUT_MS answers 503 DATABASE_BUSY. A statement is held up by a table lock taken on a connection of the test's own.

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  const { error } = errorBodySchema.strict().parse(response.body);
  expect(error).toMatchObject({ code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) });
  expect(Number(response.headers.get('Retry-After'))).toBeGreaterThan(0);
}

/** A connection of the test's own holding an exclusive lock on the tables until `release`. */
async function lockTables(url: string, tables: string[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query('begin');
  await client.query(`lock table ${tables.join(', ')} in access exclusive mode`);
  return {
    release: async () => {
      await client.query('rollback');
      await client.end();
    },
  };
}

/** Waits until `count` statements of the server wait on a lock (the reads started, inside their transactions). */
async function waitForBlocked(server: TestServer, count: number) {
  for (let i = 0; i < 200; i += 1) {
    const { rows } = await server.deps.database.pool.query<{ n: number }>(
      "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock' and state = 'active'",
    );
    if ((rows[0]?.n ?? 0) >= count) return;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
  throw new Error(`${count} blocked statements never showed`);
}

const databaseUrl = (server: TestServer) => server.deps.config.databaseUrl ?? '';

describe('a statement past the read timeout', () => {
  const server = useTestServer({ DATABASE_READ_TIMEOUT_MS: '300' });
  let owner: SignedUpUser;
  beforeAll(async () => {
    owner = await signedInOwner(server);
  });

  it('answers 503 QUERY_TIMEOUT with the one shape, for analytics and the CSV exports; the next read works', async () => {
    const lock = await lockTables(databaseUrl(server), ['projects', 'credit_entries']);
    try {
      for (const path of ['/api/analytics', '/api/projects/export.csv', '/api/credits/entries.csv']) {
        expectError(await owner.client.get(path), 503, 'QUERY_TIMEOUT');
      }
    } finally {
      await lock.release();
    }
    expect((await owner.client.get('/api/analytics')).status).toBe(200);
    expect((await owner.client.get('/api/projects/export.csv')).status).toBe(200);
  });
});

describe('expensive reads at a time: one per user, two per company, each kind on its own', () => {
  const server = useTestServer();
  let second: TestServer;
  let owner: SignedUpUser;
  let manager: SignedUpUser;
  let member: SignedUpUser;
  let otherOwner: SignedUpUser;
  beforeAll(async () => {
    const signedIn = await signedInOwner(server);
    owner = signedIn;
    manager = await signedInUser(server, { company: signedIn.company, role: 'manager' });
    member = await signedInUser(server, { company: signedIn.company, role: 'member' });
    otherOwner = await signedInOwner(server);
    // A second instance on the same database, as behind a load balancer.
    second = await startTestServer({ DATABASE_URL: databaseUrl(server) });
  });
  afterAll(async () => {
    await second.stop();
  });

  it("refuses the same user's second view while the first runs, on either instance, and a company's third; other companies and other kinds run", async () => {
    const lock = await lockTables(databaseUrl(server), ['projects']);
    const running: Promise<TestResponse>[] = [];
    try {
      running.push(owner.client.get('/api/analytics'));
      await waitForBlocked(server, 1);
      expectError(await owner.client.get('/api/analytics?lossType=hail'), 429, 'READ_IN_PROGRESS');
      const onSecond = await fetch(`${second.url}/api/analytics`, { headers: { Cookie: owner.client.cookieHeader() } });
      expectError({ status: onSecond.status, headers: onSecond.headers, text: '', body: await onSecond.json() }, 429, 'READ_IN_PROGRESS');
      // A colleague takes the company's second slot; another company and another kind of read are not counted with them.
      running.push(manager.client.get('/api/analytics'), otherOwner.client.get('/api/analytics'), owner.client.get('/api/projects/export.csv'));
      await waitForBlocked(server, 4);
      expectError(await owner.client.get('/api/projects/export.csv'), 429, 'READ_IN_PROGRESS');
      // The company's third view, from its member (on the other instance too), is refused with words of its own.
      const third = await member.client.get<{ error: { message: string } }>('/api/analytics');
      expectError(third, 429, 'READ_IN_PROGRESS');
      expect(third.body.error.message).toBe('Others in your company are running this right now. Please try again in a moment.');
      const thirdOnSecond = await fetch(`${second.url}/api/analytics`, { headers: { Cookie: member.client.cookieHeader() } });
      expect(thirdOnSecond.status).toBe(429);
    } finally {
      await lock.release();
    }
    expect((await Promise.all(running)).map((response) => response.status)).toEqual([200, 200, 200, 200]);
    // Once they have finished, the next are served.
    expect((await owner.client.get('/api/analytics?lossType=hail')).status).toBe(200);
    expect((await member.client.get('/api/analytics')).status).toBe(200);
  });
});

describe('a full database pool', () => {
  const server = useTestServer({ DATABASE_POOL_TIMEOUT_MS: '500' });
  let owner: SignedUpUser;
  beforeAll(async () => {
    owner = await signedInOwner(server);
  });

  it('answers 503 DATABASE_BUSY with the one shape after the pool timeout instead of queueing for ever; served again once a connection is free', async () => {
    const { pool } = server.deps.database;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      const started = Date.now();
      expectError(await owner.client.get('/api/projects'), 503, 'DATABASE_BUSY');
      expectError(await owner.client.get('/api/analytics'), 503, 'DATABASE_BUSY');
      expect(Date.now() - started).toBeLessThan(10_000);
    } finally {
      for (const client of held) client.release();
    }
    expect((await owner.client.get('/api/projects')).status).toBe(200);
  });

  it("answers better-auth's own routes the same way: a full pool is 503 DATABASE_BUSY on reading the session and on signing in, never a 500", async () => {
    const { pool } = server.deps.database;
    const held = await Promise.all(Array.from({ length: pool.options.max }, () => pool.connect()));
    try {
      expectError(await owner.client.get('/api/auth/get-session'), 503, 'DATABASE_BUSY');
      expectError(await server.client().post('/api/auth/sign-in/email', { email: owner.email, password: owner.password }), 503, 'DATABASE_BUSY');
    } finally {
      for (const client of held) client.release();
    }
    expect((await owner.client.get('/api/auth/get-session')).status).toBe(200);
  });
});
