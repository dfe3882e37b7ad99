import type { ChildProcess } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appEnv, freshDataDir, launchTs, mainTs, signalPidFile, type Running } from '../../test/processes';

// The embedded default end to end: real server processes on one data directory.
const dataDir = freshDataDir('ridgeline-lifecycle-', []);
const children: ChildProcess[] = [];

function startApp(port: number): Running {
  return launchTs(mainTs, [], { env: appEnv(dataDir, port), children });
}

async function waitForHealth(port: number): Promise<{ database: string }> {
  for (let i = 0; i < 120; i++) {
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (response.ok) return (await response.json()) as { database: string };
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`no health on ${port}`);
}

afterAll(async () => {
  // Wait for each app to exit (it stops its postgres first) rather than for a fixed time.
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exits = running.map((child) => new Promise((resolve) => child.once('exit', resolve)));
  for (const child of running) child.kill('SIGINT');
  await Promise.race([Promise.all(exits), new Promise((resolve) => setTimeout(resolve, 15_000).unref())]);
  signalPidFile(join(dataDir, 'pg', 'postmaster.pid'), 'SIGINT');
  rmSync(dataDir, { recursive: true, force: true });
});

describe('embedded PostgreSQL lifecycle', () => {
  it('starts, refuses a second server on the same data directory, and survives kill -9', async () => {
    const first = startApp(3411);
    expect((await waitForHealth(3411)).database).toBe('embedded');

    const second = startApp(3412);
    expect(await second.exited).toBe(1);
    expect(second.output()).toContain('is already using the data directory');

    first.child.kill('SIGKILL');
    await first.exited;
    // postgres outlives the app and still holds postmaster.pid.
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(true);

    const third = startApp(3413);
    expect((await waitForHealth(3413)).database).toBe('embedded');
    third.child.kill('SIGINT');
    expect(await third.exited).toBe(0);
    // A clean stop leaves no server lock and no running postgres behind.
    expect(existsSync(join(dataDir, 'server.pid'))).toBe(false);
    expect(existsSync(join(dataDir, 'pg', 'postmaster.pid'))).toBe(false);
  }, 120_000);
});
