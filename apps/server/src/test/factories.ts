import { randomBytes } from 'node:crypto';
import { and, asc, eq } from 'drizzle-orm';
import { hashPassword } from 'better-auth/crypto';
import type { Me } from '@ridgeline/shared/contracts/team';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { displayName } from '@ridgeline/shared/domain/users';
import { updateCompany } from '../features/company/company.repository';
import { createOnboardingService } from '../features/company/onboarding.service';
import { insertMember } from '../features/company/team.repository';
import type { Db } from '../infra/db/client';
import { account, projects, projectStatuses, session, user } from '../infra/db/schema/index';
import { TestClient } from './test-client';

// Rows for tests and the demo seed, made through the product's own code: companies through the
// onboarding service the sign-up hook uses, memberships through the team repository, passwords
// hashed by better-auth. Only the account rows themselves are written here (better-auth owns them
// and its sign-up path would also mail, verify and create a company).

export const TEST_PASSWORD = 'Granite-Ridge-Shingle-42';

let counter = 0;

/** A unique address for every call (files run in parallel on one PostgreSQL server). */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1;
  return `${prefix}-${counter}-${randomBytes(4).toString('hex')}@example.com`;
}

export type UserOptions = {
  email?: string;
  password?: string;
  firstName?: string;
  lastName?: string;
  phone?: string | null;
  /** The e-mail address is confirmed (default), so the user can sign in. */
  verified?: boolean;
  /** A platform admin (role admin) rather than a contractor. */
  platformAdmin?: boolean;
  /** Disabled by an admin: a ban without an end, as the admin page sets it. */
  disabled?: boolean;
};

export type MemberOptions = UserOptions & {
  /** The company to join; none leaves the user without a company. */
  company?: { id: string; name: string };
  role?: CompanyRole;
};

export type TestUser = {
  id: string;
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  company: { id: string; name: string; role: CompanyRole } | null;
};

export type TestCompany = { id: string; name: string; owner: TestUser };

export type CompanyOptions = {
  name?: string;
  phone?: string | null;
  address?: string | null;
  /** The owner account (created with the company). */
  owner?: UserOptions;
};

/** A signed-in user: a client holding their session, and /api/me as they first saw it. */
export type SignedUpUser = { client: TestClient; email: string; password: string; me: Me };

// scrypt is slow on purpose; tests reuse one hash per password.
const hashes = new Map<string, Promise<string>>();
function passwordHash(password: string): Promise<string> {
  let hash = hashes.get(password);
  if (!hash) {
    hash = hashPassword(password);
    hashes.set(password, hash);
  }
  return hash;
}

/** Creates an account (with a password) and, given a company, its membership with a role (member by default). */
export async function createUser(db: Db, options: MemberOptions = {}): Promise<TestUser> {
  const id = randomBytes(16).toString('hex');
  const email = (options.email ?? uniqueEmail()).toLowerCase();
  const password = options.password ?? TEST_PASSWORD;
  const firstName = options.firstName ?? 'Robin';
  const lastName = options.lastName ?? 'Slate';
  const hash = await passwordHash(password);
  await db.transaction(async (tx) => {
    await tx.insert(user).values({
      id,
      name: displayName({ firstName, lastName }),
      firstName,
      lastName,
      email,
      emailVerified: options.verified ?? true,
      phone: options.phone === undefined ? '+1 555 010 2030' : options.phone,
      role: options.platformAdmin ? 'admin' : 'contractor',
      ...(options.disabled ? { banned: true, banReason: 'Disabled by a platform administrator', banExpires: null } : {}),
    });
    await tx.insert(account).values({ id: randomBytes(16).toString('hex'), accountId: id, providerId: 'credential', userId: id, password: hash });
  });
  const role = options.role ?? 'member';
  if (options.company) await insertMember(db, options.company.id, id, role);
  const company = options.company ? { id: options.company.id, name: options.company.name, role } : null;
  return { id, email, password, firstName, lastName, company };
}

/** Creates a company with its owner, the way sign-up does (onboarding service, trial included). */
export async function createCompany(db: Db, options: CompanyOptions = {}): Promise<TestCompany> {
  const name = options.name ?? `Ridge Roofing ${randomBytes(3).toString('hex')}`;
  const owner = await createUser(db, options.owner);
  const row = await createOnboardingService({ db }).createCompanyForOwner(owner.id, { name, phone: options.phone ?? null });
  if (options.address) await updateCompany(db, row.id, { address: options.address });
  return { id: row.id, name: row.name, owner: { ...owner, company: { id: row.id, name: row.name, role: 'owner' } } };
}

/** How long a written session lasts: better-auth's own session length (7 days). */
const SESSION_LIFETIME_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * Writes a session row for the user, as better-auth's sign-in does, and answers its token: signed
 * with better-auth's secret, it is the session cookie's value. For suites that need a signed-in
 * user and do not test signing in (the end-to-end login fixture).
 */
export async function insertSession(db: Db, userId: string): Promise<string> {
  const token = randomBytes(24).toString('base64url');
  await db.insert(session).values({ id: randomBytes(16).toString('hex'), token, userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) });
  return token;
}

/** Signs the user in over HTTP (the real sign-in route) and loads /api/me with the session. */
export async function signIn(server: { url: string }, person: Pick<TestUser, 'email' | 'password'>): Promise<SignedUpUser> {
  const client = new TestClient(server.url);
  const response = await client.post('/api/auth/sign-in/email', { email: person.email, password: person.password });
  if (response.status !== 200 || !client.hasSession()) throw new Error(`sign-in answered ${response.status}: ${response.text}`);
  const me = await client.get<Me>('/api/me');
  if (me.status !== 200) throw new Error(`/api/me answered ${me.status}: ${me.text}`);
  return { client, email: person.email, password: person.password, me: me.body };
}

/** A signed-in owner of a new company. */
export async function signedInOwner(server: { url: string; db: Db }, options: CompanyOptions = {}): Promise<SignedUpUser & { company: TestCompany }> {
  const company = await createCompany(server.db, options);
  return { ...(await signIn(server, company.owner)), company };
}

/** A signed-in user, in the given company with the role (or in none). */
export async function signedInUser(server: { url: string; db: Db }, options: MemberOptions = {}): Promise<SignedUpUser & { user: TestUser }> {
  const created = await createUser(server.db, options);
  return { ...(await signIn(server, created)), user: created };
}

export type ProjectRowOptions = Partial<Omit<typeof projects.$inferInsert, 'companyId'>>;

/**
 * A project row in the company's first open status, for tests of what hangs on a project (tasks,
 * files, the dashboard, the carrier directory). The projects feature's own tests create projects
 * through its API, with the plan limit and the activity row.
 */
export async function insertProjectRow(db: Db, companyId: string, options: ProjectRowOptions = {}): Promise<typeof projects.$inferSelect> {
  const [status] = await db
    .select({ id: projectStatuses.id })
    .from(projectStatuses)
    .where(and(eq(projectStatuses.companyId, companyId), eq(projectStatuses.isClosed, false)))
    .orderBy(asc(projectStatuses.position))
    .limit(1);
  if (!status) throw new Error('The company has no open status');
  counter += 1;
  const [row] = await db
    .insert(projects)
    .values({ title: `Claim ${counter}`, homeownerName: `Homeowner ${counter}`, street: `${counter} Ridge Rd`, statusId: status.id, ...options, companyId })
    .returning();
  if (!row) throw new Error('Project insert returned nothing');
  return row;
}
