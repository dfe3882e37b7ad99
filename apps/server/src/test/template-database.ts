import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { openDatabase, runMigrations } from '../infra/db/client';
import { createLogger } from '../lib/logger';

// Migrating a fresh database per test file costs more than copying one: the schema is built once
// into a template database named after the migrations it holds, and every test database is a copy.

const migrationsFolder = fileURLToPath(new URL('../infra/db/migrations', import.meta.url));

// Any fixed number distinct from the migration lock: template builds of parallel runs queue here.
const TEMPLATE_LOCK = 724_312;

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((entry) => (entry.isDirectory() ? filesUnder(join(folder, entry.name)) : Promise.resolve([join(folder, entry.name)]))),
  );
  return nested.flat().sort();
}

/** `rl_tpl_<hash>`: a change to any migration (or the journal) names a new template, so a stale one is never used. */
export async function templateDatabaseName(): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await filesUnder(migrationsFolder)) {
    hash
      .update(relative(migrationsFolder, file))
      .update('\0')
      .update(await readFile(file))
      .update('\0');
  }
  return `rl_tpl_${hash.digest('hex').slice(0, 16)}`;
}

/** Runs work on one admin connection to the server the tests use. */
export async function withAdminClient<T>(baseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: baseUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

function databaseUrl(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/**
 * Creates the migrated template once; a no-op when it exists. Safe when several runs start at once:
 * builders queue on an advisory lock, and the template appears under its name only complete
 * (migrated under a scratch name, then renamed), so a crashed build leaves nothing half-made behind.
 */
export async function ensureTemplateDatabase(baseUrl: string): Promise<string> {
  const name = await templateDatabaseName();
  await withAdminClient(baseUrl, async (admin) => {
    await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
    try {
      const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
      if (found.rowCount) return;
      const scratch = `${name}_b${randomBytes(3).toString('hex')}`;
      await admin.query(`create database ${scratch}`);
      const database = openDatabase(databaseUrl(baseUrl, scratch), createLogger('silent'), 1);
      try {
        await runMigrations(database);
      } catch (error) {
        await database.close();
        await admin.query(`drop database if exists ${scratch}`);
        throw error;
      }
      await database.close();
      await admin.query(`alter database ${scratch} rename to ${name}`);
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
    }
  });
  return name;
}
