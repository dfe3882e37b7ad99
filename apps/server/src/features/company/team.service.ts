import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import type { InvitationPreview, InviteInput, Member, TeamResponse, Invitation } from '@ridgeline/shared/contracts/team';
import { eq } from 'drizzle-orm';
import type { Db } from '../../infra/db/client';
import { user } from '../../infra/db/schema/index';
import { invitationMail } from '../../infra/mail/templates';
import type { MailMessage } from '../../infra/mail/mailer';
import type { Actor, Tenant } from '../../http/context';
import { AppError } from '../../lib/app-error';
import { assertCanManageCompany } from './company.policy';
import { findMembership } from './company.repository';
import { createCompanyForOwner } from './company.service';
import {
  countOwners,
  deleteMember,
  findInvitation,
  findMember,
  insertInvitation,
  insertMember,
  listMembers,
  listPendingInvitations,
  setInvitationStatus,
  setMemberRole,
  type MemberRow,
} from './team.repository';

const INVITATION_DAYS = 7;

function presentMember(row: MemberRow): Member {
  return {
    id: row.id,
    userId: row.userId,
    name: `${row.firstName} ${row.lastName}`.trim() || row.name,
    email: row.email,
    role: row.role as CompanyRole,
    joinedAt: row.createdAt.toISOString(),
  };
}

function presentInvitation(row: { id: string; email: string; role: string; status: string; expiresAt: Date }): Invitation {
  return { id: row.id, email: row.email, role: row.role as CompanyRole, status: row.status, expiresAt: row.expiresAt.toISOString() };
}

export async function getTeam(db: Db, tenant: Tenant): Promise<TeamResponse> {
  const [rows, pending] = await Promise.all([listMembers(db, tenant.companyId), listPendingInvitations(db, tenant.companyId)]);
  return { members: rows.map(presentMember), invitations: pending.map(presentInvitation), myRole: tenant.role };
}

/** Invites an address to the company and queues the mail with the link to /auth. */
export async function inviteMember(
  deps: { db: Db; publicUrl: string; queueMail: (m: MailMessage) => Promise<void> },
  actor: Actor,
  tenant: Tenant,
  input: InviteInput,
): Promise<Invitation> {
  assertCanManageCompany(tenant);
  const { db } = deps;
  const [existing] = await db.select({ id: user.id }).from(user).where(eq(user.email, input.email));
  if (existing) {
    const membership = await findMembership(db, existing.id);
    if (membership?.companyId === tenant.companyId) throw AppError.conflict('This person is already on your team.');
    if (membership) throw AppError.conflict('This person already belongs to another company.');
  }
  for (const pending of await listPendingInvitations(db, tenant.companyId)) {
    if (pending.email === input.email) await setInvitationStatus(db, tenant.companyId, pending.id, 'canceled');
  }
  const expiresAt = new Date(Date.now() + INVITATION_DAYS * 24 * 60 * 60 * 1000);
  const row = await insertInvitation(db, { companyId: tenant.companyId, email: input.email, role: input.role, inviterId: actor.userId, expiresAt });
  const details = await findInvitation(db, row.id);
  const url = `${deps.publicUrl}/auth?invitation=${row.id}`;
  await deps.queueMail(invitationMail(input.email, details?.companyName ?? 'your company', details?.inviterName ?? 'A colleague', url));
  return presentInvitation(row);
}

export async function revokeInvitation(db: Db, tenant: Tenant, id: string): Promise<void> {
  assertCanManageCompany(tenant);
  if (!(await setInvitationStatus(db, tenant.companyId, id, 'canceled'))) throw AppError.notFound('Invitation not found');
}

/** Changes a member's company role; only owners make or unmake owners, and one owner always remains. */
export async function changeMemberRole(db: Db, tenant: Tenant, memberId: string, role: CompanyRole): Promise<Member> {
  assertCanManageCompany(tenant);
  await db.transaction(async (tx) => {
    const target = await findMember(tx, tenant.companyId, memberId);
    if (!target) throw AppError.notFound('Member not found');
    if ((role === 'owner' || target.role === 'owner') && tenant.role !== 'owner') {
      throw AppError.forbidden('Only an owner can change who is an owner.');
    }
    if (target.role === 'owner' && role !== 'owner' && (await countOwners(tx, tenant.companyId)) <= 1) {
      throw AppError.conflict('A company needs at least one owner.');
    }
    await setMemberRole(tx, tenant.companyId, memberId, role);
  });
  const updated = (await listMembers(db, tenant.companyId)).find((m) => m.id === memberId);
  if (!updated) throw AppError.notFound('Member not found');
  return presentMember(updated);
}

/** Removes a member from the company (never yourself; only owners remove owners). */
export async function removeMember(db: Db, actor: Actor, tenant: Tenant, memberId: string): Promise<void> {
  assertCanManageCompany(tenant);
  await db.transaction(async (tx) => {
    const target = await findMember(tx, tenant.companyId, memberId);
    if (!target) throw AppError.notFound('Member not found');
    if (target.userId === actor.userId) throw AppError.badRequest('You cannot remove yourself from the team.', 'CANNOT_REMOVE_SELF');
    if (target.role === 'owner' && tenant.role !== 'owner') throw AppError.forbidden('Only an owner can remove an owner.');
    await deleteMember(tx, tenant.companyId, memberId);
  });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function usableInvitation(db: Db, id: string) {
  if (!UUID.test(id)) return null;
  const found = await findInvitation(db, id);
  if (!found) return null;
  const usable = found.invitation.status === 'pending' && found.invitation.expiresAt > new Date();
  return usable ? found : null;
}

/** What an invitation link shows before accepting. */
export async function previewInvitation(db: Db, id: string): Promise<InvitationPreview> {
  const found = await findInvitation(db, id);
  if (!found) throw AppError.notFound('This invitation does not exist.');
  const expired = found.invitation.expiresAt <= new Date();
  return {
    id: found.invitation.id,
    email: found.invitation.email,
    companyName: found.companyName,
    inviterName: found.inviterName,
    role: found.invitation.role as CompanyRole,
    status: expired && found.invitation.status === 'pending' ? 'expired' : found.invitation.status,
  };
}

/** The signed-in user joins the inviting company. */
export async function acceptInvitation(db: Db, actor: Actor, id: string): Promise<void> {
  const found = await usableInvitation(db, id);
  if (!found) throw AppError.notFound('This invitation is no longer valid.');
  if (found.invitation.email !== actor.email.toLowerCase()) {
    throw AppError.forbidden(`This invitation was sent to ${found.invitation.email}. Sign in with that address to accept it.`);
  }
  if (await findMembership(db, actor.userId)) throw AppError.conflict('You already belong to a company.');
  await db.transaction(async (tx) => {
    await insertMember(tx, found.invitation.companyId, actor.userId, found.invitation.role);
    await setInvitationStatus(tx, found.invitation.companyId, id, 'accepted');
  });
}

/**
 * Runs once a new user row is committed: joins the inviting company when the sign-up carried a
 * valid invitation for this address, otherwise creates the company named at sign-up.
 */
export async function provisionNewUser(db: Db, newUser: { id: string; email: string }, body: Record<string, unknown>): Promise<void> {
  const invitationId = typeof body.invitationId === 'string' ? body.invitationId : null;
  const found = invitationId ? await usableInvitation(db, invitationId) : null;
  if (found && found.invitation.email === newUser.email.toLowerCase()) {
    await db.transaction(async (tx) => {
      await insertMember(tx, found.invitation.companyId, newUser.id, found.invitation.role);
      await setInvitationStatus(tx, found.invitation.companyId, found.invitation.id, 'accepted');
    });
    return;
  }
  const companyName = typeof body.companyName === 'string' && body.companyName.trim() ? body.companyName.trim() : 'My company';
  const phone = typeof body.phone === 'string' && body.phone.trim() ? body.phone.trim() : null;
  await createCompanyForOwner(db, newUser.id, companyName, phone);
}
