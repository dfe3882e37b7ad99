import { eq } from 'drizzle-orm';
import type { Db, DbTx } from '../infra/db/client';
import { user } from '../infra/db/schema/index';

// Accounts belong to better-auth; several features look one up by address (sign-up's duplicate
// check, invitations), and documents print who made them by name. These are the queries that do it.

/** The id of the account registered with this address, or null. Addresses are stored lower-case. */
export async function findUserIdByEmail(db: Db | DbTx, email: string): Promise<string | null> {
  const [row] = await db.select({ id: user.id }).from(user).where(eq(user.email, email.toLowerCase()));
  return row?.id ?? null;
}

/** A user's name as lists show it, or null. */
export async function findUserName(db: Db | DbTx, userId: string): Promise<string | null> {
  const [row] = await db.select({ name: user.name }).from(user).where(eq(user.id, userId));
  return row?.name ?? null;
}
