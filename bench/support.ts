import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { startServer, type RunningServer } from '../apps/server/src/server';

export const resultsDir = new URL('./results/', import.meta.url).pathname;

/** Whether `taskset` (util-linux) can pin processes to cores here. */
function tasksetWorks(): boolean {
  try {
    execFileSync('taskset', ['-p', String(process.pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

/**
 * How a benchmark shares the machine: the benchmark's own process (the load generator and any
 * in-process baseline) on core 0, every server child it starts on the other cores, PostgreSQL left
 * to the scheduler. A ratio then compares the server's work, not its fight with the load generator
 * for the same core. BENCH_CORE_SPLIT=off runs everything unpinned; a machine with one core or no
 * taskset runs unpinned and says so.
 */
export const coreSplit: { loadGenerator: string; server: string } | null =
  process.env.BENCH_CORE_SPLIT !== 'off' && availableParallelism() >= 2 && tasksetWorks()
    ? { loadGenerator: '0', server: `1-${availableParallelism() - 1}` }
    : null;

/** Pins a process, every thread it has (libuv's pool, V8's workers), to cores ('0' or '1-3'). */
function pinProcess(pid: number, cores: string): void {
  execFileSync('taskset', ['-a', '-pc', cores, String(pid)], { stdio: 'ignore' });
}

// The benchmark process pins itself when a benchmark starts: the children it forks later are moved.
if (coreSplit) pinProcess(process.pid, coreSplit.loadGenerator);
const loadAtStart = loadavg();

/** The words every result carries about how the cores were shared. */
export function coreSplitText(): string {
  if (!coreSplit)
    return `unpinned (${process.env.BENCH_CORE_SPLIT === 'off' ? 'BENCH_CORE_SPLIT=off' : 'no taskset or one core'}): load generator, server and PostgreSQL share all ${availableParallelism()} cores`;
  return `load generator on core ${coreSplit.loadGenerator}, server processes on ${coreSplit.server === '1-1' ? 'core 1' : `cores ${coreSplit.server}`} (taskset), PostgreSQL unpinned`;
}

const round1 = (value: number) => Math.round(value * 10) / 10;

/** The run's facts every result starts with: when, on what, how loaded, how the cores were split. */
export function runFacts() {
  const cpu = cpus();
  return {
    date: new Date().toISOString(),
    machine: `${cpu[0]?.model.trim() ?? 'unknown CPU'} x ${cpu.length}, ${round1(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    loadAverageAtStart: loadAtStart.map(round1),
    loadAverageAtEnd: loadavg().map(round1),
    coreSplit: coreSplitText(),
  };
}

/** A fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL, or undefined for the embedded one. */
export async function freshDatabase(): Promise<string | undefined> {
  const base = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  if (!base) return undefined;
  const name = `rl_bench_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops a database made by freshDatabase (closing what still holds it). */
export async function dropDatabase(databaseUrl: string): Promise<void> {
  const name = new URL(databaseUrl).pathname.slice(1);
  if (!/^rl_bench_[a-z0-9]+$/.test(name)) throw new Error(`not a bench database: ${name}`);
  const admin = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    await admin.query(`drop database if exists ${name} with (force)`);
  } finally {
    await admin.end();
  }
}

/** A new, empty data folder for a benchmark's server. */
export function benchDataDir(): string {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-bench-'));
  chmodSync(dataDir, 0o755);
  return dataDir;
}

/** Starts the real Ridgeline server for a benchmark on its own port and data folder (new unless given; on a fresh database unless given one). */
/** Server ceilings a benchmark may raise for its run, passed on from the environment when set. */
const RAISABLE = ['API_WRITE_LIMIT', 'CHAT_MESSAGE_LIMIT', 'AUTH_IP_LIMIT', 'TRUST_PROXY'] as const;

export async function startBenchServer(port: number, databaseUrl?: string, dataDir: string = benchDataDir()): Promise<RunningServer> {
  const raised = Object.fromEntries(RAISABLE.map((name) => [name, process.env[name]]));
  return startServer(
    loadConfig({
      ...raised,
      PORT: String(port),
      // Several instances behind one proxy share its address (BENCH_PUBLIC_URL): the origin browsers send.
      PUBLIC_URL: process.env.BENCH_PUBLIC_URL ?? `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? (await freshDatabase()),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
      // Benchmarks measure the product as it runs in production, with billing's test mode (no Stripe key).
      BILLING_TEST_MODE: 'true',
    }),
  );
}

/** Writes a benchmark's JSON and markdown summary under bench/results/. */
export function writeResults(benchName: string, data: object, markdown: string): void {
  // BENCH_RESULTS_SUFFIX keeps a second run beside the first (`api-overhead-node24.md`), e.g. the
  // same bench on another Node version, so the two summaries can be read side by side.
  const name = process.env.BENCH_RESULTS_SUFFIX ? `${benchName}-${process.env.BENCH_RESULTS_SUFFIX}` : benchName;
  const run = runFacts();
  const [title = '', ...rest] = markdown.split('\n');
  const facts =
    `Run: ${run.date} on ${run.machine}; load average ${run.loadAverageAtStart.join(' / ')} at start, ` +
    `${run.loadAverageAtEnd.join(' / ')} at end; cores: ${run.coreSplit}.`;
  const text = [title, '', facts, ...rest].join('\n');
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify({ run, ...data }, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${name}.md`), text);
  console.log(text);
}

/** BENCH_PROFILE=<folder>: every child (server, relay, baseline) writes a V8 CPU profile there when it stops (read it with profile-summary.ts). */
const PROFILE_FLAGS = process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];

/**
 * Forks a child script of this folder (a server or a relay) with the port and database, with the
 * Node flags and thread pool `npm start` gives the server (scripts/start.ts); resolves once it says
 * 'ready'.
 */
export function startChild(file: string, port: number, databaseUrl: string, env: Record<string, string> = {}, execArgv: string[] = []): Promise<ChildProcess> {
  const child = fork(fileURLToPath(new URL(file, import.meta.url)), {
    execArgv: ['--max-semi-space-size=32', '--import', 'tsx', ...PROFILE_FLAGS, ...execArgv],
    env: { UV_THREADPOOL_SIZE: '16', ...process.env, ...env, BENCH_PORT: String(port), BENCH_SERVER_DATABASE_URL: databaseUrl },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    child.once('message', (message) => {
      if (message !== 'ready') return reject(new Error(`${file} said ${String(message)}`));
      // Pinned once it listens, so every thread it started (the thread pool included) moves.
      if (coreSplit && child.pid) pinProcess(child.pid, coreSplit.server);
      resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`${file} exited with ${code}`)));
  });
}

/**
 * Starts the real server in its own process (bench/api-server-child.ts) on the given database, so
 * the load generator never shares the server's thread; resolves once it listens.
 */
export function startServerChild(port: number, databaseUrl: string, env: Record<string, string> = {}, execArgv: string[] = []): Promise<ChildProcess> {
  return startChild('./api-server-child.ts', port, databaseUrl, env, execArgv);
}

export function stopServerChild(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** Clock ticks per second of /proc's CPU times. */
const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  } catch {
    return 100;
  }
})();

/**
 * CPU seconds a process has used (every thread: libvips and libuv's pool included), from
 * /proc/<pid>/stat; null where there is no /proc. Neighbours on the machine slow the wall clock of
 * both sides of a comparison; the CPU a unit of work costs does not depend on them.
 */
export function processCpuSeconds(pid: number | undefined): number | null {
  if (!pid) return null;
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS;
  } catch {
    return null;
  }
}

/** The password every bench user signs up with (it passes the product's password policy). */
export const BENCH_PASSWORD = 'Granite-Ridge-Shingle-42';

/** A JSON POST to the bench server as a browser page on its own origin sends it (the write guard wants the Origin). */
export function postJson(origin: string, path: string, body: unknown, cookie = '', headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${origin}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', origin, cookie, ...headers }, body: JSON.stringify(body) });
}

/** The Cookie header a browser would send after this sign-in answer. */
export function sessionCookieOf(signIn: Response): string {
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0] ?? '')
    .filter((pair) => pair.includes('session_token'))
    .join('; ');
  if (!cookie) throw new Error('bench sign-in set no session cookie');
  return cookie;
}

/**
 * Signs up a fresh owner with a company (the real sign-up), confirms the address through `confirm`
 * (the confirmation mail is not part of what is measured), signs in: the Cookie header.
 */
export async function signedInOwnerCookie(origin: string, label: string, confirm: (email: string) => Promise<unknown>): Promise<string> {
  const email = `bench-${label}-${Date.now().toString(36)}@example.com`;
  const signUp = await postJson(origin, '/api/auth/sign-up/email', {
    firstName: 'Bench',
    lastName: 'Owner',
    companyName: 'Bench Roofing',
    phone: '+1 555 010 2030',
    email,
    password: BENCH_PASSWORD,
  });
  if (!signUp.ok) throw new Error(`bench sign-up answered ${signUp.status}: ${await signUp.text()}`);
  await confirm(email);
  const signIn = await postJson(origin, '/api/auth/sign-in/email', { email, password: BENCH_PASSWORD });
  if (!signIn.ok) throw new Error(`bench sign-in answered ${signIn.status}: ${await signIn.text()}`);
  return sessionCookieOf(signIn);
}

/** The value at or below which a share `p` (0..1) of the values lie (nearest rank); 0 for none. */
export function percentile(values: readonly number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil(sorted.length * p) - 1)] ?? 0;
}

/** Runs `work` over `items` with at most `limit` at once, in order of the list. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, items.length) }, async () => {
      while (next < items.length) {
        const index = next;
        next += 1;
        await work(items[index] as T, index);
      }
    }),
  );
}

/** The middle value (the mean of the two middle ones for an even count); 0 for none. */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
}

/** A process's memory from /proc (kB): resident now and its high-water mark; null where there is no /proc. */
export function memoryOf(pid: number | undefined): { rssKb: number; hwmKb: number } | null {
  if (!pid) return null;
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = (name: string) => Number(new RegExp(`${name}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN);
    return { rssKb: kb('VmRSS'), hwmKb: kb('VmHWM') };
  } catch {
    return null;
  }
}
