import type { AdminUser } from '@ridgeline/shared/contracts/admin';
import { displayName, isBanActive } from '@ridgeline/shared/domain/users';
import type { Actor } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { publishRevocation } from '../../infra/realtime/publish';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { findAdminUser, searchUsers, setUserBan, type AdminUserRow } from './admin-users.repository';
import { assertMayDisable } from './admin.policy';

const LIST_LIMIT = 50;

function toAdminUser(row: AdminUserRow): AdminUser {
  return {
    ...pick(row, ['id', 'email']),
    name: displayName(row),
    companyName: row.companyName,
    role: row.role === 'admin' ? 'admin' : 'contractor',
    isEnabled: !isBanActive(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** Platform admins' user list and the enabled switch. */
export function createAdminUsersService({ db }: { db: Db }) {
  return {
    /** Search by name, e-mail or company; newest first. */
    async listUsers(q: string): Promise<AdminUser[]> {
      return (await searchUsers(db, q, LIST_LIMIT)).map(toAdminUser);
    },

    /**
     * Disables (better-auth's ban, no end date) or enables an account. The ban is read on every
     * request, so the user's sessions are refused from the next call on, and the user's open
     * realtime sockets close on every instance when the ban commits.
     */
    async setUserEnabled(actor: Actor, targetId: string, enabled: boolean, reason: string | undefined): Promise<AdminUser> {
      assertMayDisable(actor, targetId, enabled);
      const found = await db.transaction(async (tx) => {
        const updated = await setUserBan(tx, targetId, enabled ? null : { reason: reason || 'Disabled by a platform administrator' });
        if (updated && !enabled) await publishRevocation(tx, { userId: targetId, reason: 'account-disabled' });
        return updated;
      });
      if (!found) throw AppError.notFound('User not found');
      const row = await findAdminUser(db, targetId);
      if (!row) throw AppError.notFound('User not found');
      return toAdminUser(row);
    },
  };
}
