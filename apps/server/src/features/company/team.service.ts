import type { Invitation, InvitationPreview, InviteInput, Member, TeamResponse } from '@ridgeline/shared/contracts/team';
import type { CompanyRole } from '@ridgeline/shared/domain/roles';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db, DbTx } from '../../infra/db/client';
import { findUserIdByEmail } from '../../data/user-lookup';
import { publishRevocation } from '../../infra/realtime/publish';
import type { MailMessage } from '../../infra/mail/mailer';
import { invitationMail } from '../../infra/mail/templates';
import type { RateLimitStore } from '../../infra/rate-limit/rate-limit-store';
import { AppError } from '../../lib/app-error';
import { pick } from '../../lib/pick';
import { assertCanChangeRole, assertCanManageCompany, assertCanRemoveMember, isInvitationFor, isInvitationUsable } from './company.policy';
import { findMembership } from './company.repository';
import { invitationKey } from './invitation-key';
import {
  acceptInvitationAs,
  countOwners,
  deleteCompanyConversationMemberships,
  deleteMember,
  deletePushSubscriptions,
  findInvitation,
  findMember,
  findMemberWithUser,
  insertInvitation,
  listMembers,
  listPendingInvitations,
  setInvitationStatus,
  setMemberRole,
  type InvitationRow,
  type MemberRow,
} from './team.repository';

export type TeamServiceDeps = {
  db: Db;
  publicUrl: string;
  queueMail: (message: MailMessage) => Promise<void>;
  /** The counters shared by every instance, and the invitations a company may send per 24 hours and an address per hour. */
  limits: RateLimitStore;
  invitationLimits: { perCompanyPerDay: number; perIpPerHour: number };
  /** Signs the mailed links (invitation-key.ts): a sign-up through one proves the address. */
  invitationSecret: string;
};

type MemberTarget = NonNullable<Awaited<ReturnType<typeof findMember>>>;

const INVITATION_DAYS = 7;
const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

function presentMember(row: MemberRow): Member {
  return {
    ...pick(row, ['id', 'userId']),
    name: displayName(row),
    email: row.email,
    role: row.role,
    joinedAt: row.createdAt.toISOString(),
  };
}

function presentInvitation(row: InvitationRow): Invitation {
  return { id: row.id, email: row.email, role: row.role, status: row.status, expiresAt: row.expiresAt.toISOString() };
}

/** The team of the actor's tenant: members, roles and invitations. */
export function createTeamService({ db, publicUrl, queueMail, limits, invitationLimits, invitationSecret }: TeamServiceDeps) {
  const perCompany = { limit: invitationLimits.perCompanyPerDay, windowMs: DAY_MS };
  const perAddress = { limit: invitationLimits.perIpPerHour, windowMs: HOUR_MS };

  /**
   * Counts one invitation mail against the company (INVITATION_COMPANY_LIMIT per 24 hours) and the
   * client address (INVITATION_IP_LIMIT per hour), each counted in one statement so invitations sent
   * together are counted one by one; over either limit, 429 with Retry-After and nothing is sent (an
   * address refused gives the company its count back).
   */
  async function countInvitation(companyId: string, ip: string): Promise<void> {
    const companyKey = `invitation-company:${companyId}`;
    const company = await limits.hit(companyKey, perCompany);
    if (!company.allowed) {
      throw AppError.rateLimited(
        company.retryAfter,
        `Your company has sent ${perCompany.limit} invitations in the last 24 hours, the most allowed. Please try again later.`,
      );
    }
    const address = await limits.hit(`invitation-ip:${ip}`, perAddress);
    if (!address.allowed) {
      await limits.refund(companyKey);
      throw AppError.rateLimited(address.retryAfter, `Too many invitations from your network: ${perAddress.limit} an hour at most. Please try again later.`);
    }
  }

  async function getTeam(tenant: Tenant): Promise<TeamResponse> {
    const [rows, pending] = await Promise.all([listMembers(db, tenant.companyId), listPendingInvitations(db, tenant.companyId)]);
    return { members: rows.map(presentMember), invitations: pending.map(presentInvitation), myRole: tenant.role };
  }

  /**
   * Invites an address to the company (replacing a pending invitation to it) and mails the link to
   * /auth with the key that proves the address to a sign-up through it, within the invitation limits
   * (counted once the invitation is otherwise allowed). `ip` is the client's address.
   */
  async function invite(actor: Actor, tenant: Tenant, input: InviteInput, ip: string): Promise<Invitation> {
    assertCanManageCompany(tenant);
    // One company per user: someone already in a company cannot be invited.
    const existingUserId = await findUserIdByEmail(db, input.email);
    if (existingUserId) {
      const membership = await findMembership(db, existingUserId);
      if (membership?.companyId === tenant.companyId) throw new AppError('CONFLICT', 'This person is already on your team.');
      if (membership) throw new AppError('CONFLICT', 'This person already belongs to another company.');
    }
    await countInvitation(tenant.companyId, ip);
    for (const pending of await listPendingInvitations(db, tenant.companyId)) {
      if (pending.email === input.email) await setInvitationStatus(db, tenant.companyId, pending.id, 'canceled');
    }
    const expiresAt = new Date(Date.now() + INVITATION_DAYS * DAY_MS);
    const row = await insertInvitation(db, { companyId: tenant.companyId, email: input.email, role: input.role, inviterId: actor.userId, expiresAt });
    const details = await findInvitation(db, row.id);
    const url = `${publicUrl}/auth?invitation=${row.id}&key=${invitationKey(invitationSecret, row.id, row.email)}`;
    const inviterName = details ? displayName(details.inviter) : '';
    await queueMail(invitationMail(input.email, details?.companyName ?? 'your company', inviterName || 'A colleague', url));
    return presentInvitation(row);
  }

  async function revokeInvitation(tenant: Tenant, id: string): Promise<void> {
    assertCanManageCompany(tenant);
    if (!(await setInvitationStatus(db, tenant.companyId, id, 'canceled'))) throw new AppError('NOT_FOUND', 'Invitation not found');
  }

  /** A change to a member of the tenant by someone who manages it, in one transaction; 404 when no such member. */
  async function onMember(tenant: Tenant, memberId: string, change: (tx: DbTx, target: MemberTarget) => Promise<void>): Promise<void> {
    assertCanManageCompany(tenant);
    await db.transaction(async (tx) => {
      const target = await findMember(tx, tenant.companyId, memberId);
      if (!target) throw new AppError('NOT_FOUND', 'Member not found');
      await change(tx, target);
    });
  }

  /** Changes a member's company role; only owners make or unmake owners, and one owner always remains. */
  async function changeMemberRole(tenant: Tenant, memberId: string, role: CompanyRole): Promise<Member> {
    await onMember(tenant, memberId, async (tx, target) => {
      assertCanChangeRole(tenant, target, role);
      if (target.role === 'owner' && role !== 'owner' && (await countOwners(tx, tenant.companyId)) <= 1) {
        throw new AppError('CONFLICT', 'A company needs at least one owner.');
      }
      await setMemberRole(tx, tenant.companyId, memberId, role);
    });
    const updated = await findMemberWithUser(db, tenant.companyId, memberId);
    if (!updated) throw new AppError('NOT_FOUND', 'Member not found');
    return presentMember(updated);
  }

  /**
   * Removes a member from the company (never yourself; only owners remove owners). In the same
   * transaction they leave every conversation of the company and their devices' push subscriptions
   * are deleted, and once it commits their open realtime sockets close on every instance.
   */
  async function removeMember(actor: Actor, tenant: Tenant, memberId: string): Promise<void> {
    await onMember(tenant, memberId, async (tx, target) => {
      assertCanRemoveMember(actor, tenant, target);
      await deleteMember(tx, tenant.companyId, memberId);
      await deleteCompanyConversationMemberships(tx, tenant.companyId, target.userId);
      await deletePushSubscriptions(tx, target.userId);
      await publishRevocation(tx, { userId: target.userId, companyId: tenant.companyId, reason: 'left-company' });
    });
  }

  /** What an invitation link shows before accepting; anyone holding the link may see it. */
  async function previewInvitation(id: string): Promise<InvitationPreview> {
    const found = await findInvitation(db, id);
    if (!found) throw new AppError('NOT_FOUND', 'This invitation does not exist.');
    const { invitation } = found;
    const expired = invitation.expiresAt <= new Date();
    return {
      id: invitation.id,
      email: invitation.email,
      companyName: found.companyName,
      inviterName: displayName(found.inviter),
      role: invitation.role,
      status: expired && invitation.status === 'pending' ? 'expired' : invitation.status,
    };
  }

  /** The signed-in user, invited at their own address and in no company yet, joins the inviting company. */
  async function acceptInvitation(actor: Actor, id: string): Promise<void> {
    const found = await findInvitation(db, id);
    if (!found || !isInvitationUsable(found.invitation)) throw new AppError('NOT_FOUND', 'This invitation is no longer valid.');
    const { invitation } = found;
    if (!isInvitationFor(invitation, actor.email)) {
      throw new AppError('FORBIDDEN', `This invitation was sent to ${invitation.email}. Sign in with that address to accept it.`);
    }
    if (await findMembership(db, actor.userId)) throw new AppError('CONFLICT', 'You already belong to a company.');
    await db.transaction((tx) => acceptInvitationAs(tx, invitation, actor.userId));
  }

  return { getTeam, invite, revokeInvitation, changeMemberRole, removeMember, previewInvitation, acceptInvitation };
}

export type TeamService = ReturnType<typeof createTeamService>;
