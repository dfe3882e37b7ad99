import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AdminUser } from '@ridgeline/shared/contracts/admin';
import type { Db } from '../../infra/db/client';
import { companies, members, user } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';
import { isBanActive } from '@ridgeline/shared/domain/users';

const LIST_LIMIT = 50;

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" means those characters. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** Platform admins' user list: search by name, e-mail or company; newest first. */
export async function listUsers(db: Db, q: string): Promise<AdminUser[]> {
  const term = likeTerm(q);
  const filter = q
    ? or(ilike(user.name, term), ilike(user.email, term), ilike(companies.name, term), ilike(sql`${user.firstName} || ' ' || ${user.lastName}`, term))
    : undefined;
  return selectUsers(db, filter, LIST_LIMIT);
}

async function selectUsers(db: Db, where: SQL | undefined, limit: number): Promise<AdminUser[]> {
  const rows = await db
    .select({
      id: user.id,
      email: user.email,
      name: user.name,
      firstName: user.firstName,
      lastName: user.lastName,
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
      createdAt: user.createdAt,
      companyName: companies.name,
    })
    .from(user)
    .leftJoin(members, eq(members.userId, user.id))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(where)
    .orderBy(desc(user.createdAt))
    .limit(limit);
  return rows.map(toAdminUser);
}

function toAdminUser(row: {
  id: string;
  email: string;
  name: string;
  firstName: string;
  lastName: string;
  role: string;
  banned: boolean;
  banExpires: Date | null;
  createdAt: Date;
  companyName: string | null;
}): AdminUser {
  const fullName = `${row.firstName} ${row.lastName}`.trim();
  return {
    id: row.id,
    email: row.email,
    name: fullName || row.name,
    companyName: row.companyName,
    role: row.role === 'admin' ? 'admin' : 'contractor',
    isEnabled: !isBanActive(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * Disables (better-auth's ban, no end date) or enables an account. The ban is read on every request,
 * so the user's sessions are refused from the next call on; an admin cannot disable themselves.
 */
export async function setUserEnabled(db: Db, actorId: string, targetId: string, enabled: boolean, reason: string | undefined): Promise<AdminUser> {
  if (targetId === actorId && !enabled) throw AppError.badRequest('You cannot disable your own account.', 'CANNOT_DISABLE_SELF');
  const [updated] = await db
    .update(user)
    .set(
      enabled
        ? { banned: false, banReason: null, banExpires: null, updatedAt: new Date() }
        : { banned: true, banReason: reason || 'Disabled by a platform administrator', banExpires: null, updatedAt: new Date() },
    )
    .where(eq(user.id, targetId))
    .returning({ id: user.id });
  if (!updated) throw AppError.notFound('User not found');
  const [row] = await selectUsers(db, eq(user.id, targetId), 1);
  if (!row) throw AppError.notFound('User not found');
  return row;
}
