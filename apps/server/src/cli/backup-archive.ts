import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import pg from 'pg';
import { z } from 'zod';
import { staysBelow } from '../infra/storage/storage';

// A Ridgeline backup is a folder:
//   manifest.json    what is in it: when, from which PostgreSQL, the row counts it was taken with,
//                    and the SHA-256 and size of the database dump and of every stored file
//   database.dump    pg_dump's custom format of the whole database (schema, data, the secrets kept in
//                    it, the job queue)
//   storage/         DATA_DIR/storage as it was: every object and its metadata file
// Every file and folder of it is owner-only (0600 and 0700): the dump holds password hashes,
// sessions and the signing secret. The manifest's own SHA-256 is printed when the backup is made
// and asked for by the restore, so a manifest changed together with the files it lists is refused;
// the operator keeps that sum apart from the backup (it is no secret, and needs no key on the disk).
// The database is dumped first and the files copied after it. Stored objects are never rewritten
// in place (a new upload gets a new path), so every object the dump names is in the copy; a file
// written during the copy is an extra the database does not know, which is harmless.

export const MANIFEST = 'manifest.json';
export const DATABASE_DUMP = 'database.dump';
export const STORAGE_FOLDER = 'storage';

/** Owner-only modes of everything a backup writes. */
export const OWNER_ONLY_FILE = 0o600;
export const OWNER_ONLY_FOLDER = 0o700;

const SHA256 = /^[0-9a-f]{64}$/;
const fileEntry = z.object({
  // A path is read from the backup's storage/ and written under DATA_DIR/storage: one that climbs
  // out (an absolute path, ../) would read or write anywhere the operator can.
  path: z.string().refine(staysBelow, 'leaves the folder it belongs in (an absolute path, ../ or an empty part)'),
  bytes: z.number().int().nonnegative(),
  sha256: z.string().regex(SHA256),
});
export type FileEntry = z.infer<typeof fileEntry>;

/** The tables whose rows a restore is checked against: what a contractor would miss first. */
export const COUNTED = { claimFiles: 'projects', photos: 'inspection_photos', messages: 'messages', users: '"user"' } as const;
export type Counts = Record<keyof typeof COUNTED, number>;

export const manifestSchema = z.object({
  format: z.literal('ridgeline-backup'),
  version: z.literal(1),
  createdAt: z.string(),
  database: z.object({ mode: z.enum(['embedded', 'external']), serverVersion: z.string(), dump: fileEntry }),
  counts: z.object({ claimFiles: z.number(), photos: z.number(), messages: z.number(), users: z.number() }),
  /** Where the stored files were: copied from the local store, or left in the S3 bucket (backed up there). */
  files: z.enum(['local', 's3']).default('local'),
  storage: z.array(fileEntry),
});
export type Manifest = z.infer<typeof manifestSchema>;

export function sha256File(file: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });
}

export async function describeFile(root: string, file: string): Promise<FileEntry> {
  const [info, sha256] = await Promise.all([stat(file), sha256File(file)]);
  return { path: relative(root, file).split(sep).join('/'), bytes: info.size, sha256 };
}

/** Every regular file under `root`, as paths relative to it with '/' separators, sorted. */
export async function listFiles(root: string): Promise<string[]> {
  if (!existsSync(root)) return [];
  const entries = await readdir(root, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .sort();
}

/**
 * The backup's manifest, read only when its SHA-256 is the one printed when the backup was made:
 * every other sum in it is then the backup's own.
 */
export async function readManifest(folder: string, expectedSha256: string): Promise<Manifest> {
  const file = join(folder, MANIFEST);
  if (!existsSync(file)) throw new Error(`${folder} is not a Ridgeline backup: it has no ${MANIFEST}.`);
  // The bytes hashed are the bytes parsed.
  const text = await readFile(file);
  const sha256 = createHash('sha256').update(text).digest('hex');
  if (sha256 !== expectedSha256.toLowerCase()) {
    throw new Error(`${file} is not the manifest of the backup you named: its SHA-256 is ${sha256}, not ${expectedSha256}. Nothing was restored.`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text.toString('utf8'));
  } catch {
    throw new Error(`${file} is not JSON.`);
  }
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success)
    throw new Error(`${file} is not a manifest this version reads: ${parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ')}`);
  return parsed.data;
}

/**
 * Checks every file the manifest lists against its size and SHA-256; answers the problems in words
 * (empty when the backup is whole). Files the manifest does not list are not read.
 */
export async function verifyBackup(folder: string, manifest: Manifest): Promise<string[]> {
  const problems: string[] = [];
  const check = async (file: string, expected: FileEntry) => {
    if (!existsSync(file)) return problems.push(`${expected.path} is missing`);
    const actual = await describeFile(folder, file);
    if (actual.bytes !== expected.bytes || actual.sha256 !== expected.sha256)
      problems.push(`${expected.path} does not match its SHA-256 (${actual.sha256}, expected ${expected.sha256})`);
  };
  await check(join(folder, DATABASE_DUMP), manifest.database.dump);
  for (const entry of manifest.storage) await check(join(folder, STORAGE_FOLDER, entry.path), { ...entry, path: `${STORAGE_FOLDER}/${entry.path}` });
  return problems;
}

export async function countRows(url: string): Promise<Counts> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const counts = {} as Counts;
    for (const [key, table] of Object.entries(COUNTED) as [keyof Counts, string][]) {
      const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[key] = rows[0]?.n ?? 0;
    }
    return counts;
  } finally {
    await client.end();
  }
}

export async function serverVersion(url: string): Promise<{ text: string; major: number }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ server_version: string; server_version_num: string }>(
      'select current_setting($1) as server_version, current_setting($2) as server_version_num',
      ['server_version', 'server_version_num'],
    );
    const row = rows[0];
    if (!row) throw new Error('PostgreSQL did not say its version');
    return { text: row.server_version, major: Math.floor(Number(row.server_version_num) / 10000) };
  } finally {
    await client.end();
  }
}

/**
 * pg_dump and pg_restore: from PG_BIN_DIR when set, else from PATH. The embedded PostgreSQL from
 * npm ships the server only (initdb, pg_ctl, postgres), so the client tools come from the system;
 * their major version must be at least the server's, which pg_dump itself requires.
 */
export async function pgTool(name: 'pg_dump' | 'pg_restore', serverMajor: number): Promise<string> {
  const binary = process.env.PG_BIN_DIR ? join(process.env.PG_BIN_DIR, name) : name;
  const install = `Install the PostgreSQL ${serverMajor} client tools (Debian and Ubuntu: apt-get install postgresql-client-${serverMajor}), or set PG_BIN_DIR to the folder that holds ${name}.`;
  let output: string;
  try {
    output = (await runTool(binary, ['--version'], {})).stdout;
  } catch {
    throw new Error(`${name} was not found. ${install}`);
  }
  const major = Number(/(\d+)(?:\.\d+)?/.exec(output)?.[1] ?? 0);
  if (major < serverMajor) throw new Error(`${name} ${major} cannot read a PostgreSQL ${serverMajor} database. ${install}`);
  return binary;
}

/**
 * Runs a PostgreSQL client tool on a connection URL. The password travels in PGPASSWORD, not on
 * the command line, where every user of the machine could read it.
 */
export function runTool(binary: string, args: string[], connection: { url?: string }): Promise<{ stdout: string; stderr: string }> {
  const env = { ...process.env };
  const finalArgs = [...args];
  if (connection.url) {
    const url = new URL(connection.url);
    if (url.password) env.PGPASSWORD = decodeURIComponent(url.password);
    url.password = '';
    finalArgs.push(`--dbname=${url.toString()}`);
  }
  return new Promise((resolve, reject) => {
    const child = spawn(binary, finalArgs, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => (code === 0 ? resolve({ stdout, stderr }) : reject(new Error(`${binary} exited with ${code}:\n${stderr.trim()}`))));
  });
}
