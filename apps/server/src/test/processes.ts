import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

// Real processes for the tests of `npm start` and the CLI: ports, data directories, launching with
// the embedded database, and stopping whatever a failing test left running.

/** What `npm start` runs. */
export const mainTs = new URL('../main.ts', import.meta.url).pathname;

/** A port nobody listens on now (fixed ports collide with other test runs on the machine). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** A new data directory (mode 0755, as the embedded PostgreSQL wants it), added to `dirs` for cleanup. */
export function freshDataDir(prefix: string, dirs: string[]): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  chmodSync(dir, 0o755);
  dirs.push(dir);
  return dir;
}

/**
 * The environment of a process on a data directory with the embedded database: no DATABASE_URL
 * (which would point it at the tests' server), warnings only.
 */
export function embeddedEnv(dataDir: string, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, ...extra, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  return env;
}

/** The environment of `npm start` on a data directory and port: embedded database, the API only. */
export function appEnv(dataDir: string, port: number): NodeJS.ProcessEnv {
  return embeddedEnv(dataDir, { PORT: String(port), SERVE_WEB: 'false' });
}

export type Running = { child: ChildProcess; output: () => string; exited: Promise<number | null> };

export type LaunchOptions = {
  env: NodeJS.ProcessEnv;
  /** Every launched process is added here, so the file's afterAll can stop what a failing test left. */
  children: ChildProcess[];
  cwd?: string;
  /** The child writes to the test's own output instead of being kept for `output()` (then empty). */
  inherit?: boolean;
};

/** Spawns a process and keeps what it writes, for the assertions and their failure messages. */
export function launch(command: string, args: string[], options: LaunchOptions): Running {
  const stdio = options.inherit ? 'inherit' : 'pipe';
  const child = spawn(command, args, { cwd: options.cwd, env: options.env, stdio: ['ignore', stdio, stdio] });
  options.children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
}

/** A TypeScript entry point run the way `npm start` runs main.ts (node with the tsx loader). */
export function launchTs(entry: string, args: string[], options: LaunchOptions): Running {
  return launch(process.execPath, ['--import', 'tsx', entry, ...args], options);
}

/** Sends a signal to a process that may be gone already. */
export function killQuietly(pid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(pid, signal);
  } catch {
    // already gone
  }
}

/** Signals the process a pid file (its first line) names, when the file is there. */
export function signalPidFile(file: string, signal: NodeJS.Signals): void {
  if (existsSync(file)) killQuietly(Number(readFileSync(file, 'utf8').split('\n')[0]), signal);
}
