import { and, asc, eq, gt, inArray } from 'drizzle-orm';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import type { Db, DbTx } from '../../infra/db/client';
import { companies, conversationMembers, conversations, invitations, members, pushSubscriptions, user } from '../../infra/db/schema/index';

const memberWithUser = {
  id: members.id,
  userId: members.userId,
  role: members.role,
  createdAt: members.createdAt,
  firstName: user.firstName,
  lastName: user.lastName,
  name: user.name,
  email: user.email,
};

/** Members of one company with their user's name and e-mail, oldest first. */
export async function listMembers(db: Db | DbTx, companyId: string) {
  return db
    .select(memberWithUser)
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(eq(members.companyId, companyId))
    .orderBy(asc(user.firstName), asc(members.createdAt));
}

/** One member with their user's name and e-mail, only within the given company (tenant filter). */
export async function findMemberWithUser(db: Db | DbTx, companyId: string, memberId: string) {
  const [row] = await db
    .select(memberWithUser)
    .from(members)
    .innerJoin(user, eq(user.id, members.userId))
    .where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
  return row ?? null;
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

/** How many owners the company has (it must keep one). */
export async function countOwners(db: Db | DbTx, companyId: string): Promise<number> {
  const rows = await db
    .select({ id: members.id })
    .from(members)
    .where(and(eq(members.companyId, companyId), eq(members.role, 'owner')));
  return rows.length;
}

/** Sets a member's company role, only within the given company. */
export async function setMemberRole(tx: DbTx, companyId: string, memberId: string, role: CompanyRole) {
  await tx
    .update(members)
    .set({ role })
    .where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
}

/** Removes a member, only within the given company. */
export async function deleteMember(tx: DbTx, companyId: string, memberId: string) {
  await tx.delete(members).where(and(eq(members.companyId, companyId), eq(members.id, memberId)));
}

/** Takes the user out of every conversation of the company (someone who leaves it reads none of them). */
export async function deleteCompanyConversationMemberships(tx: DbTx, companyId: string, userId: string) {
  const ofCompany = tx.select({ id: conversations.id }).from(conversations).where(eq(conversations.companyId, companyId));
  await tx.delete(conversationMembers).where(and(eq(conversationMembers.profileId, userId), inArray(conversationMembers.conversationId, ofCompany)));
}

/**
 * Deletes every push subscription of the user's devices: a subscription only ever carries the
 * company's chat, and a user belongs to one company.
 */
export async function deletePushSubscriptions(tx: DbTx, userId: string) {
  await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
}

/** Pending, unexpired invitations of a company. */
export async function listPendingInvitations(db: Db | DbTx, companyId: string) {
  return db
    .select()
    .from(invitations)
    .where(and(eq(invitations.companyId, companyId), eq(invitations.status, 'pending'), gt(invitations.expiresAt, new Date())))
    .orderBy(asc(invitations.createdAt));
}

/** Stores a new pending invitation. */
export async function insertInvitation(db: Db | DbTx, input: { companyId: string; email: string; role: CompanyRole; inviterId: string; expiresAt: Date }) {
  const [row] = await db.insert(invitations).values(input).returning();
  if (!row) throw new Error('Invitation insert returned nothing');
  return row;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * An invitation with its company and inviter, by id alone (the link carries the id). Any string
 * may arrive here (a sign-up body's invitationId), so one that is no uuid finds nothing.
 */
export async function findInvitation(db: Db | DbTx, id: string) {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({
      invitation: invitations,
      companyName: companies.name,
      inviter: { firstName: user.firstName, lastName: user.lastName, name: user.name, email: user.email },
    })
    .from(invitations)
    .innerJoin(companies, eq(companies.id, invitations.companyId))
    .innerJoin(user, eq(user.id, invitations.inviterId))
    .where(eq(invitations.id, id));
  return row ?? null;
}

/** Moves an invitation of the given company to a status; false when it is not the company's. */
export async function setInvitationStatus(db: Db | DbTx, companyId: string, id: string, status: string) {
  const rows = await db
    .update(invitations)
    .set({ status })
    .where(and(eq(invitations.companyId, companyId), eq(invitations.id, id)))
    .returning({ id: invitations.id });
  return rows.length > 0;
}

/** Adds a user to a company with a role. */
export async function insertMember(db: Db | DbTx, companyId: string, userId: string, role: CompanyRole) {
  await db.insert(members).values({ companyId, userId, role });
}

export type InvitationRow = typeof invitations.$inferSelect;
export type InvitationDetails = NonNullable<Awaited<ReturnType<typeof findInvitation>>>;

/** The invited user joins the invitation's company and the invitation is used up; in the caller's transaction. */
/** The user's address is proven (an invitation accepted by its mailed link): no confirmation mail is needed. */
export async function markEmailVerified(tx: DbTx, userId: string): Promise<void> {
  await tx.update(user).set({ emailVerified: true, updatedAt: new Date() }).where(eq(user.id, userId));
}

export async function acceptInvitationAs(tx: DbTx, invitation: InvitationRow, userId: string) {
  await insertMember(tx, invitation.companyId, userId, invitation.role);
  await setInvitationStatus(tx, invitation.companyId, invitation.id, 'accepted');
}
