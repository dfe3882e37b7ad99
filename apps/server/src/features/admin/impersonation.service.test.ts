import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { impersonationAudit, session, user } from '../../infra/db/schema/index';
import { createLogger } from '../../lib/logger';
import { useTestServer } from '../../test/use-test-server';
import { createImpersonationService, type OpenImpersonationSession } from './impersonation.service';

const server = useTestServer();

describe('impersonation service', () => {
  it('leaves no usable session when the audit row cannot be written', async () => {
    const target = await server.signUpVerified();
    const [row] = await server.db.select({ id: user.id }).from(user).where(eq(user.email, target.email));
    if (!row) throw new Error('target missing');
    const service = createImpersonationService({ db: server.db, logger: createLogger('silent') });
    const sessionId = `imp-${randomBytes(6).toString('hex')}`;
    const openSession: OpenImpersonationSession = async (userId) => {
      const expiresAt = new Date(Date.now() + 60 * 60_000);
      await server.db.insert(session).values({ id: sessionId, token: randomBytes(16).toString('hex'), userId, expiresAt, impersonatedBy: 'gone' });
      return { sessionId, expiresAt };
    };
    // An admin whose account no longer exists: the audit row's foreign key refuses it.
    const ghost = { userId: 'deleted-admin', email: 'gone@example.com', role: 'admin' as const, sessionId: 's', impersonatedBy: null };

    await expect(service.start(ghost, { targetUserId: row.id, reason: 'Support ticket 1', ip: '127.0.0.1' }, openSession)).rejects.toThrow();
    expect(await server.db.select().from(session).where(eq(session.id, sessionId))).toEqual([]);
    expect(await server.db.select().from(impersonationAudit).where(eq(impersonationAudit.sessionId, sessionId))).toEqual([]);
  });
});
