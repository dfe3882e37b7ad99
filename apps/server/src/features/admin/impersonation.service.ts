import type { ImpersonatedUser, ImpersonationAuditEntry, ImpersonationResponse } from '@ridgeline/shared/contracts/admin';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import { assertMayBeImpersonated, assertMayStartImpersonation } from './admin.policy';
import { deleteSession, findImpersonationTarget, findSessionExpiry, insertAuditEntry, listAuditEntries, markAuditEnded } from './impersonation.repository';

// Impersonation on better-auth's admin plugin: a one-hour session for the target with
// `impersonatedBy`, the admin's own session kept by better-auth until the end. Every start and end
// is written to impersonation_audit. The session switches themselves are HTTP (cookies): the route
// performs them and hands this service only their typed outcome, through the ports below.

/** Creates the impersonation session for a user; answers its id and end. */
export type OpenImpersonationSession = (userId: string) => Promise<{ sessionId: string; expiresAt: Date }>;
/** Ends the impersonation session and returns to the admin's own. */
export type CloseImpersonationSession = () => Promise<void>;

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

const describeUser = (row: { id: string; email: string; name: string; firstName: string; lastName: string }): ImpersonatedUser => ({
  id: row.id,
  email: row.email,
  name: displayName(row),
});

export function createImpersonationService({ db, logger }: { db: Db; logger: Logger }) {
  return {
    /** status: whether this session is an impersonation, and of whom. */
    async status(actor: Actor): Promise<ImpersonationResponse> {
      if (!actor.impersonatedBy) return answer({ sessionId: actor.sessionId });
      const expiresAt = await findSessionExpiry(db, actor.sessionId);
      const target = await findImpersonationTarget(db, actor.userId);
      return answer({
        isImpersonating: true,
        impersonatedUser: target ? describeUser(target) : null,
        sessionId: actor.sessionId,
        expiresAt: expiresAt ? expiresAt.toISOString() : null,
      });
    },

    /**
     * start: a new one-hour session as the target, audited. No audit row, no impersonation: when the
     * row cannot be written the session is removed and the start fails, so it is never usable.
     */
    async start(
      actor: Actor,
      input: { targetUserId: string; reason: string; ip: string },
      openSession: OpenImpersonationSession,
    ): Promise<ImpersonationResponse> {
      assertMayStartImpersonation(actor, input.targetUserId);
      const target = await findImpersonationTarget(db, input.targetUserId);
      if (!target) throw AppError.notFound('User not found');
      assertMayBeImpersonated(target);

      const opened = await openSession(target.id);
      try {
        await insertAuditEntry(db, {
          adminUserId: actor.userId,
          targetUserId: target.id,
          reason: input.reason,
          sessionId: opened.sessionId,
          ip: input.ip,
          expiresAt: opened.expiresAt,
        });
      } catch (error) {
        await deleteSession(db, opened.sessionId);
        throw error;
      }
      logger.info({ admin: actor.userId, target: target.id, sessionId: opened.sessionId }, 'impersonation started');
      return answer({
        isImpersonating: true,
        impersonatedUser: describeUser(target),
        targetUser: describeUser(target),
        sessionId: opened.sessionId,
        expiresAt: opened.expiresAt.toISOString(),
      });
    },

    /** end: back to the admin's own session; the audit row gets its end time. */
    async end(actor: Actor, closeSession: CloseImpersonationSession): Promise<ImpersonationResponse> {
      if (!actor.impersonatedBy) throw AppError.badRequest('You are not impersonating anyone.', 'NOT_IMPERSONATING');
      await closeSession();
      await markAuditEnded(db, actor.sessionId);
      logger.info({ admin: actor.impersonatedBy, target: actor.userId, sessionId: actor.sessionId }, 'impersonation ended');
      return answer({ sessionId: null });
    },

    /** The latest audit rows with both e-mails; an hour past the start counts as expired. */
    async audit(): Promise<ImpersonationAuditEntry[]> {
      const rows = await listAuditEntries(db, AUDIT_LIMIT);
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
    },
  };
}
