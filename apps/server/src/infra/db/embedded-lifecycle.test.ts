import { spawn, type ChildProcess } from 'node:child_process';
import { chmodSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// The embedded default end to end: real server processes on one data directory.
const mainTs = new URL('../../main.ts', import.meta.url).pathname;
const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-lifecycle-'));
chmodSync(dataDir, 0o755);
const children: ChildProcess[] = [];

function startApp(port: number): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, PORT: String(port), SERVE_WEB: 'false', LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', mainTs], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let text = '';
  child.stdout?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (text += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => text, exited };
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
  const pidFile = join(dataDir, 'pg', 'postmaster.pid');
  if (existsSync(pidFile)) {
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    try {
      process.kill(pid, 'SIGINT');
    } catch {
      // already gone
    }
  }
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
