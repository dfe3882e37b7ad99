import { and, eq, gt, sql } from 'drizzle-orm';
import { BILLING_STATUSES, type BillingStatus } from '@ridgeline/shared/domain/billing';
import { COMPANY_ROLES, type CompanyRole } from '@ridgeline/shared/domain/roles';
import type { Identity } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, members, session, user, verification } from '../../infra/db/schema/index';
import { userAccessColumns } from '../../data/user-columns';

// Every SQL statement of the auth feature. Accounts and sessions belong to better-auth; these are
// the reads and writes Ridgeline makes beside it.

const companyRole = (value: string): CompanyRole => COMPANY_ROLES.find((role) => role === value) ?? 'member';
const billingStatus = (value: string): BillingStatus => BILLING_STATUSES.find((status) => status === value) ?? 'active';

/**
 * The identity reader for every signed-in request: ONE indexed query (session.token is unique,
 * members.user_id is unique) reading the session, its user (role, ban, own fields), membership and
 * the company's name and billing state (by primary key). An expired
 * session is not found. Prepared once per pool, so PostgreSQL plans it once per connection.
 */
export function createIdentityReader(db: Db) {
  const query = db
    .select({
      sessionId: session.id,
      impersonatedBy: session.impersonatedBy,
      userId: user.id,
      email: user.email,
      ...userAccessColumns,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      phone: user.phone,
      image: user.image,
      companyId: members.companyId,
      companyName: companies.name,
      companyRole: members.role,
      billingStatus: companies.billingStatus,
      trialEndsAt: companies.trialEndsAt,
      graceEndsAt: companies.graceEndsAt,
    })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(members, eq(members.userId, session.userId))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(and(eq(session.token, sql.placeholder('token')), gt(session.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('identity_by_session_token');

  return async (token: string): Promise<Identity | null> => {
    const [row] = await query.execute({ token });
    if (!row) return null;
    return {
      sessionId: row.sessionId,
      userId: row.userId,
      email: row.email,
      role: row.role === 'admin' ? 'admin' : 'contractor',
      impersonatedBy: row.impersonatedBy,
      banned: row.banned,
      banExpires: row.banExpires,
      tenant: row.companyId && row.companyRole ? { companyId: row.companyId, role: companyRole(row.companyRole) } : null,
      companyBilling: row.billingStatus ? { status: billingStatus(row.billingStatus), trialEndsAt: row.trialEndsAt, graceEndsAt: row.graceEndsAt } : null,
      profile: { firstName: row.firstName, lastName: row.lastName, name: row.name, phone: row.phone, image: row.image, companyName: row.companyName },
    };
  };
}

/** What a realtime socket's grant rests on, read for many sessions at once. */
export type SessionAccessRow = { sessionId: string; userId: string; banned: boolean | null; banExpires: Date | null; companyId: string | null };

/**
 * The live sessions among the given ids (an expired or deleted one is not found) with their user's
 * ban and company: ONE query for every socket of an instance (the ids travel as one array parameter).
 */
export async function findSessionAccess(db: Db | DbTx, sessionIds: readonly string[]): Promise<SessionAccessRow[]> {
  if (sessionIds.length === 0) return [];
  return db
    .select({ sessionId: session.id, userId: session.userId, banned: user.banned, banExpires: user.banExpires, companyId: members.companyId })
    .from(session)
    .innerJoin(user, eq(user.id, session.userId))
    .leftJoin(members, eq(members.userId, session.userId))
    .where(and(sql`${session.id} = any(${sql.param([...sessionIds])}::text[])`, gt(session.expiresAt, sql`now()`)));
}

/** Stores a short-lived factor challenge (better-auth's verification table, a prefixed identifier). */
export async function insertFactorChallenge(db: Db | DbTx, input: { id: string; factorId: string; expiresAt: Date }): Promise<void> {
  await db.insert(verification).values({ id: input.id, identifier: `factor-challenge:${input.id}`, value: input.factorId, expiresAt: input.expiresAt });
}

/** Consumes a challenge that has not expired: true when it existed (it can be used once). */
export async function consumeFactorChallenge(db: Db | DbTx, challengeId: string): Promise<boolean> {
  const deleted = await db
    .delete(verification)
    .where(and(eq(verification.identifier, `factor-challenge:${challengeId}`), gt(verification.expiresAt, new Date())))
    .returning({ id: verification.id });
  return deleted.length > 0;
}

/** Whether the user's address is confirmed already. */
export async function isEmailVerified(db: Db | DbTx, userId: string): Promise<boolean> {
  const [row] = await db.select({ verified: user.emailVerified }).from(user).where(eq(user.id, userId));
  return row?.verified === true;
}

/** Removes an account with its credentials, sessions and two-factor rows (they cascade). */
export async function deleteUser(db: Db | DbTx, userId: string): Promise<void> {
  await db.delete(user).where(eq(user.id, userId));
}

/** Whether the session with this token is the user's own. */
export async function sessionBelongsTo(db: Db | DbTx, token: string, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: session.id })
    .from(session)
    .where(and(eq(session.token, token), eq(session.userId, userId)));
  return row !== undefined;
}
