import { and, asc, eq, gt } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, invitations, members, user } from '../../infra/db/schema/index';

/** Members of one company with their user's name and e-mail, oldest first. */
export async function listMembers(db: Db, companyId: string) {
  return db
    .select({
      id: members.id,
      userId: members.userId,
      role: members.role,
      createdAt: members.createdAt,
      firstName: user.firstName,
      lastName: user.lastName,
      name: user.name,
      email: user.email,
    })
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(eq(members.companyId, companyId))
    .orderBy(asc(user.firstName), asc(members.createdAt));
}

export type MemberRow = Awaited<ReturnType<typeof listMembers>>[number];

/** One member, only within the given company (tenant filter). */
export async function findMember(db: Db | DbTx, companyId: string, memberId: string) {
  const [row] = await db
    .select()
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
  return row ?? null;
}

export async function countOwners(db: Db | DbTx, companyId: string): Promise<number> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.role, 'owner')));
  return rows.length;
}

export async function setMemberRole(tx: DbTx, companyId: string, memberId: string, role: string) {
  await tx.update(members).set({ role }).where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
}

export async function deleteMember(tx: DbTx, companyId: string, memberId: string) {
  await tx.delete(members).where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
}

/** Pending, unexpired invitations of a company. */
export async function listPendingInvitations(db: Db, companyId: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
    .orderBy(asc(invitations.createdAt));
}

export async function insertInvitation(
  db: Db,
  input: { companyId: string; email: string; role: string; inviterId: string; expiresAt: Date },
) {
  const [row] = await db.insert(invitations).values(input).returning();
  if (!row) throw new Error('Invitation insert returned nothing');
  return row;
}

/** An invitation with its company and inviter, by id alone (the link carries the id). */
export async function findInvitation(db: Db | DbTx, id: string) {
  const [row] = await db
    .select({
      invitation: invitations,
      companyName: companies.name,
      inviterName: user.name,
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .innerJoin(user, eq(user.id, invitations.inviterId))
    .where(eq(invitations.id, id));
  return row ?? null;
}

export async function setInvitationStatus(db: Db | DbTx, companyId: string, id: string, status: string) {
  const rows = await db
    .update(invitations)
    .set({ status })
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

export async function insertMember(tx: DbTx, companyId: string, userId: string, role: string) {
  await tx.insert(members).values({ companyId, userId, role });
}
