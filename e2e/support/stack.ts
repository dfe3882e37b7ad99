import { chmodSync, mkdtempSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { simpleParser } from 'mailparser';
import { eq } from 'drizzle-orm';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { loadConfig } from '../../apps/server/src/config';
import { user } from '../../apps/server/src/infra/db/schema/index';
import { startServer } from '../../apps/server/src/server';
import { MAIL_API_PORT, SMTP_PORT, type CapturedMail } from './ports';

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

createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://localhost');
  if (req.method === 'POST' && url.pathname === '/grant-admin' && grantAdmin) {
    grantAdmin(url.searchParams.get('email') ?? '').then(
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

async function freshDatabase(baseUrl: string): Promise<string> {
  const name = `rl_e2e_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
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
  }),
);
grantAdmin = async (email) => {
  await server.deps.database.db.update(user).set({ role: 'admin' }).where(eq(user.email, email.toLowerCase()));
};
console.log(`e2e stack ready on ${server.url} (${embedded ? 'embedded' : 'external'} database)`);

const stop = async () => {
  await server.stop();
  smtp.close();
  if (databaseUrl && process.env.TEST_DATABASE_URL) {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database if exists ${new URL(databaseUrl).pathname.slice(1)} with (force)`);
    await admin.end();
  }
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
