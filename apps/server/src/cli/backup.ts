import { chmod, copyFile, mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { loadConfig } from '../config';
import { startEmbeddedPostgres } from '../infra/db/embedded-postgres';
import {
  COUNTED,
  DATABASE_DUMP,
  describeFile,
  listFiles,
  MANIFEST,
  OWNER_ONLY_FILE,
  OWNER_ONLY_FOLDER,
  pgTool,
  runTool,
  serverVersion,
  sha256File,
  STORAGE_FOLDER,
  type Counts,
  type Manifest,
} from './backup-archive';

// `npm run backup -- [--out <folder>]`: the database (pg_dump) and the file store under DATA_DIR in
// one folder with a manifest of SHA-256 sums; `npm run restore` puts it back into a fresh DATA_DIR.
// With DATABASE_URL set it dumps that database; the running server may keep serving meanwhile.

const { values } = parseArgs({ options: { out: { type: 'string' } } });
// Owner-only from the first byte: every folder and file this process and pg_dump create is made
// 0700 or 0600 (the dump holds password hashes, sessions and the signing secret).
process.umask(0o077);
const config = loadConfig();
const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
const out = resolve(values.out ?? join('backups', `ridgeline-${stamp}`));

if (existsSync(out) && (await readdir(out)).length > 0) {
  console.error(`${out} is not empty: a backup goes into a new folder.`);
  process.exit(1);
}

const embedded = config.databaseUrl ? null : await startEmbeddedPostgres(config.dataDir, 'cli');
const url = config.databaseUrl ?? embedded?.url ?? '';
let exitCode = 0;
try {
  const version = await serverVersion(url);
  const pgDump = await pgTool('pg_dump', version.major);
  // A folder given with --out may exist already, with its own mode: it is made owner-only too.
  await mkdir(out, { recursive: true, mode: OWNER_ONLY_FOLDER });
  await chmod(out, OWNER_ONLY_FOLDER);

  // The counts are read in the very snapshot pg_dump copies, so a restore can be checked against
  // them exactly even while the server keeps writing.
  const snapshotHolder = new pg.Client({ connectionString: url });
  await snapshotHolder.connect();
  let counts: Counts;
  try {
    await snapshotHolder.query('begin isolation level repeatable read read only');
    const { rows } = await snapshotHolder.query<{ snapshot: string }>('select pg_export_snapshot() as snapshot');
    counts = {} as Counts;
    for (const [key, table] of Object.entries(COUNTED) as [keyof Counts, string][]) {
      const result = await snapshotHolder.query<{ n: number }>(`select count(*)::int as n from ${table}`);
      counts[key] = result.rows[0]?.n ?? 0;
    }
    await runTool(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--snapshot=${rows[0]?.snapshot ?? ''}`, `--file=${join(out, DATABASE_DUMP)}`], {
      url,
    });
    await snapshotHolder.query('commit');
  } finally {
    await snapshotHolder.end();
  }

  // The files after the database: every object the dump names was written before it.
  // With STORAGE_DRIVER=s3 the files stay in the bucket, which the provider backs up (versioning,
  // replication); the database dump names them by the same paths.
  const storageRoot = join(config.dataDir, 'storage');
  const storage = [];
  for (const path of config.storage.driver === 's3' ? [] : await listFiles(storageRoot)) {
    const target = join(out, STORAGE_FOLDER, path);
    await mkdir(dirname(target), { recursive: true, mode: OWNER_ONLY_FOLDER });
    await copyFile(join(storageRoot, path), target);
    // copyFile gives the copy its source's mode (often 0644), whatever the umask.
    await chmod(target, OWNER_ONLY_FILE);
    storage.push(await describeFile(join(out, STORAGE_FOLDER), target));
  }

  const manifest: Manifest = {
    format: 'ridgeline-backup',
    version: 1,
    createdAt: new Date().toISOString(),
    database: { mode: embedded ? 'embedded' : 'external', serverVersion: version.text, dump: await describeFile(out, join(out, DATABASE_DUMP)) },
    counts,
    files: config.storage.driver,
    storage,
  };
  // The manifest last: a folder without one is a backup that did not finish.
  await writeFile(join(out, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, { mode: OWNER_ONLY_FILE });
  const manifestSha256 = await sha256File(join(out, MANIFEST));
  const bytes = storage.reduce((sum, entry) => sum + entry.bytes, 0) + manifest.database.dump.bytes;
  console.log(`Backup written to ${out}`);
  console.log(
    `  database: PostgreSQL ${version.text}, ${counts.claimFiles} claim files, ${counts.photos} photos, ${counts.messages} messages, ${counts.users} users`,
  );
  if (config.storage.driver === 's3') console.log('  files: in the S3 bucket, not copied (keep the bucket versioned, see docs/deployment.md)');
  else console.log(`  files: ${storage.length} (${(bytes / 1024 / 1024).toFixed(1)} MB in all, each with its SHA-256 in ${MANIFEST})`);
  console.log(`  manifest SHA-256: ${manifestSha256}`);
  console.log('Keep this SHA-256 apart from the backup (the backup log, a password manager): the restore asks for it, and');
  console.log('refuses a backup whose manifest was changed, even together with the files it lists:');
  console.log(`  npm run restore -- ${out} --sha256 ${manifestSha256}`);
} catch (error) {
  exitCode = 1;
  console.error(`The backup failed: ${error instanceof Error ? error.message : String(error)}`);
  await rm(out, { recursive: true, force: true });
} finally {
  await embedded?.stop();
}
process.exit(exitCode);
