import { and, desc, eq, isNull } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { ImpersonatedUser, ImpersonationAuditEntry, ImpersonationResponse } from '@ridgeline/shared/contracts/admin';
import type { Actor } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { isBanActive } from '@ridgeline/shared/domain/users';
import { impersonationAudit, session, user } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';

// Impersonation (spec sections 4, 6, 7) on better-auth's admin plugin: a one-hour session for the
// target with `impersonatedBy`, the admin's own session kept in a signed cookie until the end.
// Every start and end is written to impersonation_audit.

const AUDIT_LIMIT = 100;

const answer = (fields: Partial<ImpersonationResponse>): ImpersonationResponse => ({
  success: true,
  isImpersonating: false,
  impersonatedUser: null,
  targetUser: null,
  sessionId: null,
  expiresAt: null,
  error: null,
  ...fields,
});

async function findUser(deps: AppDeps, id: string) {
  const [row] = await deps.database.db.select().from(user).where(eq(user.id, id));
  return row ?? null;
}

const describeUser = (row: { id: string; email: string; name: string; firstName: string; lastName: string }): ImpersonatedUser => ({
  id: row.id,
  email: row.email,
  name: `${row.firstName} ${row.lastName}`.trim() || row.name,
});

/** Who may call the function: platform admins, and an admin's impersonation session (to see and end it). */
export function assertMayUseImpersonation(actor: Actor): void {
  if (actor.role !== 'admin' && !actor.impersonatedBy) throw AppError.forbidden('Only platform admins can impersonate users.');
}

/** status: whether this session is an impersonation, and of whom. */
export async function impersonationStatus(deps: AppDeps, actor: Actor): Promise<ImpersonationResponse> {
  if (!actor.impersonatedBy) return answer({ sessionId: actor.sessionId });
  const [row] = await deps.database.db.select({ expiresAt: session.expiresAt }).from(session).where(eq(session.id, actor.sessionId));
  const target = await findUser(deps, actor.userId);
  return answer({
    isImpersonating: true,
    impersonatedUser: target ? describeUser(target) : null,
    sessionId: actor.sessionId,
    expiresAt: row ? row.expiresAt.toISOString() : null,
  });
}

type StartResult = { body: ImpersonationResponse; cookies: string[] };

/** start: a new one-hour session as the target; the response's cookies switch the browser to it. */
export async function startImpersonation(
  deps: AppDeps,
  actor: Actor,
  input: { targetUserId: string; reason: string; ip: string },
  headers: Headers,
): Promise<StartResult> {
  if (actor.impersonatedBy) throw new AppError('ALREADY_IMPERSONATING', 'End the current impersonation before starting another.');
  if (actor.role !== 'admin') throw AppError.forbidden('Only platform admins can impersonate users.');
  if (input.targetUserId === actor.userId) throw AppError.badRequest('You cannot impersonate yourself.');
  const target = await findUser(deps, input.targetUserId);
  if (!target) throw AppError.notFound('User not found');
  if (target.role === 'admin') throw AppError.forbidden('Platform admins cannot be impersonated.');
  if (isBanActive(target)) throw new AppError('IMPERSONATION_TARGET_DISABLED');

  const response = await deps.auth.impersonateUser(target.id, headers);
  if (!response.ok) throw new AppError('IMPERSONATION_FAILED', 'The impersonation session could not be created.');
  const created = (await response.json()) as { session: { id: string; expiresAt: string | Date } };
  const expiresAt = new Date(created.session.expiresAt);
  try {
    await deps.database.db.insert(impersonationAudit).values({
      adminUserId: actor.userId,
      targetUserId: target.id,
      reason: input.reason,
      sessionId: created.session.id,
      ip: input.ip,
      expiresAt,
    });
  } catch (error) {
    // No audit row, no impersonation: remove the session before the browser can use it.
    await deps.database.db.delete(session).where(eq(session.id, created.session.id));
    throw error;
  }
  deps.logger.info({ admin: actor.userId, target: target.id, sessionId: created.session.id }, 'impersonation started');
  return {
    body: answer({
      isImpersonating: true,
      impersonatedUser: describeUser(target),
      targetUser: describeUser(target),
      sessionId: created.session.id,
      expiresAt: expiresAt.toISOString(),
    }),
    cookies: response.headers.getSetCookie(),
  };
}

/** end: back to the admin's own session; the audit row gets its end time. */
export async function endImpersonation(deps: AppDeps, actor: Actor, headers: Headers): Promise<StartResult> {
  if (!actor.impersonatedBy) throw AppError.badRequest('You are not impersonating anyone.', 'NOT_IMPERSONATING');
  const response = await deps.auth.stopImpersonating(headers);
  if (!response.ok) throw new AppError('IMPERSONATION_FAILED', 'Failed to end impersonation session');
  await deps.database.db
    .update(impersonationAudit)
    .set({ endedAt: new Date() })
    .where(and(eq(impersonationAudit.sessionId, actor.sessionId), isNull(impersonationAudit.endedAt)));
  deps.logger.info({ admin: actor.impersonatedBy, target: actor.userId, sessionId: actor.sessionId }, 'impersonation ended');
  return { body: answer({ sessionId: null }), cookies: response.headers.getSetCookie() };
}

/** The latest audit rows with both e-mails; an hour past the start counts as expired. */
export async function listImpersonationAudit(deps: AppDeps): Promise<ImpersonationAuditEntry[]> {
  const admin = alias(user, 'admin_user');
  const target = alias(user, 'target_user');
  const rows = await deps.database.db
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
    .limit(AUDIT_LIMIT);
  const now = Date.now();
  return rows.map((row) => {
    const expired = !row.endedAt && row.expiresAt.getTime() <= now;
    return {
      id: row.id,
      admin: { id: row.adminId, email: row.adminEmail },
      target: { id: row.targetId, email: row.targetEmail },
      reason: row.reason,
      ip: row.ip,
      startedAt: row.startedAt.toISOString(),
      endedAt: row.endedAt ? row.endedAt.toISOString() : expired ? row.expiresAt.toISOString() : null,
      status: row.endedAt ? 'ended' : expired ? 'expired' : 'active',
    };
  });
}
