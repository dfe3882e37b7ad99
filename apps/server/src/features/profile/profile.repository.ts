import { eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { preparedPerDatabase } from '../../infra/db/prepared';
import { companies, members, user } from '../../infra/db/schema/index';
import { membershipColumns, userAccessColumns, userNameColumns } from '../../data/user-columns';

/** The profile read of GET /api/me, which every signed-in page makes: one prepared statement per pool. */
const profileByUser = preparedPerDatabase((db) =>
  db
    .select({ ...userNameColumns, phone: user.phone, image: user.image, ...userAccessColumns, ...membershipColumns })
    .from(user)
    .leftJoin(members, eq(members.userId, user.id))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(eq(user.id, sql.placeholder('userId')))
    .prepare('profile_by_user'),
);

/** The user with their company membership (one company per user), if any. */
export async function findProfile(db: Db, userId: string) {
  const [row] = await profileByUser(db).execute({ userId });
  return row ?? null;
}

export type ProfileRow = NonNullable<Awaited<ReturnType<typeof findProfile>>>;

/** Changes the user's own fields. */
export async function updateUser(
  db: Db | DbTx,
  userId: string,
  patch: { firstName?: string; lastName?: string; name?: string; phone?: string | null; image?: string },
): Promise<void> {
  await db
    .update(user)
    .set({ ...patch, updatedAt: new Date() })
    .where(eq(user.id, userId));
}
