import { existsSync } from 'node:fs';
import { copyFile, mkdir, rm } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config';
import { runningServerPid, startEmbeddedPostgres, type EmbeddedHandle } from '../infra/db/embedded-postgres';
import {
  countRows,
  DATABASE_DUMP,
  listFiles,
  pgTool,
  readManifest,
  runTool,
  serverVersion,
  sha256File,
  STORAGE_FOLDER,
  verifyBackup,
  type Counts,
} from './backup-archive';

// `npm run restore -- <backup folder> --sha256 <manifest SHA-256>`: a backup made by `npm run
// backup` into a fresh DATA_DIR with the embedded database. The manifest must have the SHA-256 the
// backup printed, and every file its own SHA-256 in the manifest, before anything is written; a
// restore that fails part way removes what it wrote, so the folder is fresh again.

const { positionals, values } = parseArgs({ allowPositionals: true, options: { sha256: { type: 'string' } } });
const config = loadConfig();
const folder = positionals[0] ? resolve(positionals[0]) : '';
const USAGE = 'Usage: npm run restore -- <backup folder> --sha256 <the manifest SHA-256 the backup printed>   (into DATA_DIR, which must be fresh)';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

if (!folder) fail(USAGE);
if (config.databaseUrl) {
  fail(
    'DATABASE_URL is set: restore a managed database with pg_restore, as docs/deployment.md shows:\n' +
      `  pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" ${join(folder, DATABASE_DUMP)}`,
  );
}
if (!values.sha256 || !/^[0-9a-f]{64}$/i.test(values.sha256)) {
  fail(`${USAGE}\nThe SHA-256 of the backup's manifest.json, printed when it was made, proves the manifest (and so every file it lists) is the backup's own.`);
}
const manifestSha256 = values.sha256;
const dataDir = config.dataDir;
if (runningServerPid(dataDir) !== null) fail(`A Ridgeline server is running on ${dataDir}. Stop it, and restore into a fresh DATA_DIR.`);
if (existsSync(join(dataDir, 'pg', 'PG_VERSION')) || (await listFiles(join(dataDir, 'storage'))).length > 0) {
  fail(`${dataDir} already holds a database or files. A restore goes into a fresh DATA_DIR (set DATA_DIR to a new folder).`);
}

const manifest = await readManifest(folder, manifestSha256).catch((error: Error) => fail(error.message));
console.log(`Checking the backup of ${manifest.createdAt} (${manifest.storage.length} files and the database)...`);
const problems = await verifyBackup(folder, manifest);
if (problems.length > 0) fail(`The backup is damaged; nothing was restored:\n  ${problems.join('\n  ')}`);

let embedded: EmbeddedHandle | null = null;
let exitCode = 0;
try {
  await mkdir(dataDir, { recursive: true });
  const storageRoot = join(dataDir, 'storage');
  for (const entry of manifest.storage) {
    const target = join(storageRoot, entry.path);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(join(folder, STORAGE_FOLDER, entry.path), target);
    if ((await sha256File(target)) !== entry.sha256) throw new Error(`${entry.path} was not written whole`);
  }

  embedded = await startEmbeddedPostgres(dataDir, 'cli');
  const version = await serverVersion(embedded.url);
  const pgRestore = await pgTool('pg_restore', Math.max(version.major, Number(/^\d+/.exec(manifest.database.serverVersion)?.[0] ?? 0)));
  await runTool(pgRestore, ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', join(folder, DATABASE_DUMP)], { url: embedded.url });

  const counts = await countRows(embedded.url);
  const differences = (Object.keys(counts) as (keyof Counts)[]).filter((key) => counts[key] !== manifest.counts[key]);
  if (differences.length > 0)
    throw new Error(
      `the restored database differs from the backup: ${differences.map((key) => `${key} ${counts[key]} (backup ${manifest.counts[key]})`).join(', ')}`,
    );
  console.log(`Restored into ${dataDir}`);
  console.log(`  database: ${counts.claimFiles} claim files, ${counts.photos} photos, ${counts.messages} messages, ${counts.users} users, as in the backup`);
  console.log(`  files: ${manifest.storage.length}, each matching its SHA-256`);
  console.log('Start the product on it with npm start (same DATA_DIR).');
} catch (error) {
  exitCode = 1;
  console.error(`The restore failed: ${error instanceof Error ? error.message : String(error)}`);
  await embedded?.stop();
  embedded = null;
  for (const written of ['pg', 'pg.port', 'pg.password', 'pg.password.new', 'storage']) await rm(join(dataDir, written), { recursive: true, force: true });
  console.error(`${dataDir} is fresh again.`);
} finally {
  await embedded?.stop();
}
process.exit(exitCode);
