import { chmodSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { loadConfig } from '../apps/server/src/config';
import { startServer, type RunningServer } from '../apps/server/src/server';

export const resultsDir = new URL('./results/', import.meta.url).pathname;

/** A fresh database on BENCH_DATABASE_URL / TEST_DATABASE_URL, or undefined for the embedded one. */
async function freshDatabase(): Promise<string | undefined> {
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

/** Starts the real Ridgeline server for a benchmark on its own port and data folder (on a fresh database unless given one). */
export async function startBenchServer(port: number, databaseUrl?: string): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-bench-'));
  chmodSync(dataDir, 0o755);
  return startServer(
    loadConfig({
      PORT: String(port),
      PUBLIC_URL: `http://localhost:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl ?? (await freshDatabase()),
      LOG_LEVEL: 'silent',
      NODE_ENV: 'production',
    }),
  );
}

/** Writes a benchmark's JSON and markdown summary under bench/results/. */
export function writeResults(name: string, data: unknown, markdown: string): void {
  mkdirSync(resultsDir, { recursive: true });
  writeFileSync(join(resultsDir, `${name}.json`), `${JSON.stringify(data, null, 2)}\n`);
  writeFileSync(join(resultsDir, `${name}.md`), markdown);
  console.log(markdown);
}
