import { desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, members, user } from '../../infra/db/schema/index';
import { userAccessColumns, userNameColumns } from '../../data/user-columns';

/** A user as the admin list shows it: the account, its ban and its company's name. */
export type AdminUserRow = {
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
};

/** `%term%` with LIKE's wildcards escaped, so a search for "50%" means those characters. */
const likeTerm = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

async function selectUsers(db: Db | DbTx, where: SQL | undefined, limit: number): Promise<AdminUserRow[]> {
  return db
    .select({ ...userNameColumns, ...userAccessColumns, createdAt: user.createdAt, companyName: companies.name })
    .from(user)
    .leftJoin(members, eq(members.userId, user.id))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(where)
    .orderBy(desc(user.createdAt))
    .limit(limit);
}

/** Users whose name, e-mail or company matches the search (every user for an empty one), newest first. */
export async function searchUsers(db: Db | DbTx, q: string, limit: number): Promise<AdminUserRow[]> {
  const term = likeTerm(q);
  const filter = q
    ? or(ilike(user.name, term), ilike(user.email, term), ilike(companies.name, term), ilike(sql`${user.firstName} || ' ' || ${user.lastName}`, term))
    : undefined;
  return selectUsers(db, filter, limit);
}

/** One user as the admin list shows it, or null. */
export async function findAdminUser(db: Db | DbTx, id: string): Promise<AdminUserRow | null> {
  const [row] = await selectUsers(db, eq(user.id, id), 1);
  return row ?? null;
}

/**
 * Sets or lifts better-auth's ban (no end date): the ban is the disabled account. False when no
 * such user exists.
 */
export async function setUserBan(db: Db | DbTx, id: string, ban: { reason: string } | null): Promise<boolean> {
  const [updated] = await db
    .update(user)
    .set(
      ban
        ? { banned: true, banReason: ban.reason, banExpires: null, updatedAt: new Date() }
        : { banned: false, banReason: null, banExpires: null, updatedAt: new Date() },
    )
    .where(eq(user.id, id))
    .returning({ id: user.id });
  return updated !== undefined;
}
