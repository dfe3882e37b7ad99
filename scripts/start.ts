import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';

// `npm start`: build the web app when it is missing or older than its sources, then run the
// server (which runs migrations and starts the embedded database unless DATABASE_URL is set).
const root = new URL('..', import.meta.url).pathname;
const web = join(root, 'apps/web');
const shared = join(root, 'packages/shared/src');

function newest(dir: string): number {
  let latest = 0;
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    const stat = statSync(path);
    latest = Math.max(latest, stat.isDirectory() ? newest(path) : stat.mtimeMs);
  }
  return latest;
}

// This process only relays: SIGINT or SIGTERM sent to it (or to `npm start`, which forwards them
// here) goes to the child at work, the web build or the server, and this process then exits as
// the child did. Without that, a signal to this process alone would leave the server running.
let current: ChildProcess | null = null;
const state: { received: NodeJS.Signals | null } = { received: null };
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) {
  process.on(signal, () => {
    state.received = signal;
    if (current && current.exitCode === null) current.kill(signal);
    else process.exit(128 + constants.signals[signal]);
  });
}

/** The Node flags the server runs with (bench/support.ts starts the benchmarks' server with the same). */
const SERVER_NODE_FLAGS = ['--max-semi-space-size=32'];

/** Runs a child with inherited output; resolves with how it ended. */
function runChild(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): Promise<{ code: number | null; signal: NodeJS.Signals | null }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: 'inherit', env });
    current = child;
    child.on('exit', (code, signal) => {
      current = null;
      resolve({ code, signal });
    });
  });
}

/** The exit code of a child that ended by `signal` (the shell's 128 + number). */
function exitCodeOf(result: { code: number | null; signal: NodeJS.Signals | null }): number {
  if (result.code !== null) return result.code;
  return result.signal ? 128 + constants.signals[result.signal] : 1;
}

const builtIndex = join(web, 'dist/index.html');
// SERVE_WEB=false (an API-only instance) serves no web app: nothing to build.
const servesWeb = process.env.SERVE_WEB !== 'false';
const sourcesChanged =
  servesWeb &&
  (!existsSync(builtIndex) || Math.max(newest(join(web, 'src')), newest(shared), statSync(join(web, 'index.html')).mtimeMs) > statSync(builtIndex).mtimeMs);
if (sourcesChanged) {
  console.log('Building the web app...');
  const build = await runChild('npm', ['run', 'build', '-w', '@ridgeline/web']);
  if (state.received) process.exit(128 + constants.signals[state.received]);
  if (build.code !== 0) process.exit(exitCodeOf(build));
}

// libuv's thread pool (4 by default) runs both file writes and sharp's image work: with 16 threads an
// upload's storage write never waits behind thumbnails. It is read once, when the pool starts, so it
// is set for the server's process here rather than inside it.
// A larger young generation (32 MB semi-spaces) lets the few-megabyte bodies of photo uploads die
// young without a scavenge each: about a tenth less CPU per uploaded photo (bench:photos).
const serverEnv = { ...process.env, UV_THREADPOOL_SIZE: process.env.UV_THREADPOOL_SIZE ?? '16' };
const server = await runChild(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', join(root, 'apps/server/src/main.ts')], serverEnv);
process.exit(exitCodeOf(server));
