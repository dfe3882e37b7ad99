import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db, DbTx } from '../../infra/db/client';
import { impersonationAudit, session, user } from '../../infra/db/schema/index';
import { userAccessColumns, userNameColumns } from '../../data/user-columns';

/** The fields of an account impersonation needs: who it is, its role and its ban. */
export async function findImpersonationTarget(db: Db | DbTx, id: string) {
  const [row] = await db
    .select({ ...userNameColumns, ...userAccessColumns })
    .from(user)
    .where(eq(user.id, id));
  return row ?? null;
}

/** When a session ends, or null when it is gone. */
export async function findSessionExpiry(db: Db | DbTx, sessionId: string): Promise<Date | null> {
  const [row] = await db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.id, sessionId));
  return row?.expiresAt ?? null;
}

/** Removes a session (an impersonation that could not be audited must not be usable). */
export async function deleteSession(db: Db | DbTx, sessionId: string): Promise<void> {
  await db.delete(session).where(eq(session.id, sessionId));
}

export async function insertAuditEntry(
  db: Db | DbTx,
  entry: { adminUserId: string; targetUserId: string; reason: string; sessionId: string; ip: string; expiresAt: Date },
): Promise<void> {
  await db.insert(impersonationAudit).values(entry);
}

/** Stamps the end of the impersonation run in this session (once). */
export async function markAuditEnded(db: Db | DbTx, sessionId: string): Promise<void> {
  await db
    .update(impersonationAudit)
    .set({ endedAt: new Date() })
    .where(and(eq(impersonationAudit.sessionId, sessionId), isNull(impersonationAudit.endedAt)));
}

/** The latest audit rows, newest first, with both e-mails. */
export async function listAuditEntries(db: Db | DbTx, limit: number) {
  const admin = alias(user, 'admin_user');
  const target = alias(user, 'target_user');
  return db
    .select({
      id: impersonationAudit.id,
      adminId: admin.id,
      adminEmail: admin.email,
      targetId: target.id,
      targetEmail: target.email,
      reason: impersonationAudit.reason,
      ip: impersonationAudit.ip,
      startedAt: impersonationAudit.startedAt,
      expiresAt: impersonationAudit.expiresAt,
      endedAt: impersonationAudit.endedAt,
    })
    .from(impersonationAudit)
    .innerJoin(admin, eq(admin.id, impersonationAudit.adminUserId))
    .innerJoin(target, eq(target.id, impersonationAudit.targetUserId))
    .orderBy(desc(impersonationAudit.startedAt), desc(impersonationAudit.id))
    .limit(limit);
}
