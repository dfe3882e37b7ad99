import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import type { Me } from '@ridgeline/shared/contracts/team';
import { loadConfig } from '../config';
import type { AppDeps } from '../http/deps';
import type { Db } from '../infra/db/client';
import { startServer } from '../server';
import type { PlanId } from '@ridgeline/shared/domain/plans';
import { TEST_PASSWORD, uniqueEmail, type SignedUpUser } from './factories';
import { freePort } from './processes';
import { createTestDatabase } from './test-database';
import { TestClient } from './test-client';

export { TEST_PASSWORD, uniqueEmail, type SignedUpUser } from './factories';

// One real server per test file on its own fresh database: every request goes over HTTP through
// the whole stack (validation, better-auth, pg-boss mail job, PostgreSQL).

export const TEST_SECRET = 'ridgeline-test-secret-0123456789abcdefghij';

export type MailRow = { id: number; to: string; subject: string; text: string };
export type RowCounts = {
  user: number;
  companies: number;
  members: number;
  invitations: number;
  session: number;
  projects: number;
  projectStatuses: number;
  projectTasks: number;
  projectActivity: number;
  carriers: number;
  adjusters: number;
  inspectionSessions: number;
  inspectionActivity: number;
  inspectionPhotos: number;
  roofMeasurements: number;
  estimates: number;
  priceListItems: number;
};

export type SignUpOptions = {
  email?: string;
  password?: string;
  companyName?: string;
  firstName?: string;
  invitationId?: string;
  plan?: PlanId;
};

/** A valid sign-up body with unique e-mail; override any field. */
export function signUpBody(options: SignUpOptions = {}) {
  return {
    firstName: options.firstName ?? 'Robin',
    lastName: 'Slate',
    companyName: options.companyName ?? `Ridge Roofing ${randomBytes(3).toString('hex')}`,
    phone: '+1 555 010 2030',
    email: options.email ?? uniqueEmail(),
    password: options.password ?? TEST_PASSWORD,
    ...(options.invitationId ? { invitationId: options.invitationId } : {}),
    ...(options.plan ? { plan: options.plan } : {}),
  };
}

/** The first http(s) URL in a mail body. */
export function linkIn(mail: MailRow): string {
  const match = /https?:\/\/\S+/.exec(mail.text);
  if (!match) throw new Error(`No link in mail "${mail.subject}"`);
  return match[0];
}

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;

/** Starts the server on a fresh database; call stop() in afterAll. */
export async function startTestServer(env: Record<string, string> = {}) {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(join(tmpdir(), 'ridgeline-test-'));
  // The port is chosen before start so PUBLIC_URL (trusted origin, links in mail) is the real one.
  const port = await freePort();
  const publicUrl = `http://127.0.0.1:${port}`;
  const running = await startServer(
    loadConfig({
      DATABASE_URL: database.url,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      SERVE_WEB: 'false',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      BETTER_AUTH_SECRET: TEST_SECRET,
      ...env,
    }),
  );
  const url = publicUrl;
  const deps: AppDeps = running.deps;
  const db: Db = deps.database.db;

  const client = () => new TestClient(url);

  /** The newest mail to `to` (optionally whose subject contains `subject`), polled up to 10 s. */
  async function readMail(to: string, subject = '', afterId = 0): Promise<MailRow> {
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const rows = await db.execute<MailRow>(
        sql`select id::int as id, "to", subject, text from mail_outbox
            where "to" = ${to} and subject ilike ${`%${subject}%`} and id > ${afterId} order by id desc limit 1`,
      );
      const row = rows.rows[0];
      if (row) return row;
      await new Promise((r) => setTimeout(r, 100));
    }
    throw new Error(`No mail to ${to} (subject ~ "${subject}") within 10 s`);
  }

  /** Signs up through the API, follows the confirmation link (which signs in) and loads /api/me. */
  async function signUpVerified(options: SignUpOptions = {}): Promise<SignedUpUser> {
    const body = signUpBody(options);
    const c = client();
    const signUp = await c.post('/api/auth/sign-up/email', body);
    if (signUp.status !== 200) throw new Error(`sign-up answered ${signUp.status}: ${signUp.text}`);
    const mail = await readMail(body.email, 'Confirm');
    const verify = await c.get(linkIn(mail));
    if (verify.status >= 400 || !c.hasSession()) throw new Error(`verify answered ${verify.status}: ${verify.text}`);
    const me = await c.get<Me>('/api/me');
    if (me.status !== 200) throw new Error(`/api/me answered ${me.status}: ${me.text}`);
    return { client: c, email: body.email, password: body.password, me: me.body };
  }

  /** Row counts of the tables a bad request must never touch. */
  async function counts(): Promise<RowCounts> {
    const rows = await db.execute<RowCounts>(sql`select
      (select count(*)::int from "user") as "user",
      (select count(*)::int from companies) as companies,
      (select count(*)::int from members) as members,
      (select count(*)::int from invitations) as invitations,
      (select count(*)::int from session) as session,
      (select count(*)::int from projects) as "projects",
      (select count(*)::int from project_statuses) as "projectStatuses",
      (select count(*)::int from project_tasks) as "projectTasks",
      (select count(*)::int from project_activity) as "projectActivity",
      (select count(*)::int from carriers) as "carriers",
      (select count(*)::int from adjusters) as "adjusters",
      (select count(*)::int from inspection_sessions) as "inspectionSessions",
      (select count(*)::int from inspection_activity) as "inspectionActivity",
      (select count(*)::int from inspection_photos) as "inspectionPhotos",
      (select count(*)::int from roof_measurements) as "roofMeasurements",
      (select count(*)::int from estimates) as "estimates",
      (select count(*)::int from price_list_items) as "priceListItems"`);
    const row = rows.rows[0];
    if (!row) throw new Error('count query returned nothing');
    return row;
  }

  async function stop(): Promise<void> {
    await running.stop();
    await database.drop();
    await rm(dataDir, { recursive: true, force: true });
  }

  return { url, db, deps, stop, client, readMail, signUpVerified, counts };
}
