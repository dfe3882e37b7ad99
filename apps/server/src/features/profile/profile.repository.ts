import { eq } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, members, user } from '../../infra/db/schema/index';

/** The user with their company membership (one company per user), if any. */
export async function findProfile(db: Db | DbTx, userId: string) {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      phone: user.phone,
      image: user.image,
      role: user.role,
      banned: user.banned,
      banExpires: user.banExpires,
      companyId: members.companyId,
      companyName: companies.name,
      companyRole: members.role,
    })
    .from(user)
    .leftJoin(members, eq(members.userId, user.id))
    .leftJoin(companies, eq(companies.id, members.companyId))
    .where(eq(user.id, userId));
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
