import { DEFAULT_COMPANY_NAME } from '@ridgeline/shared/domain/company-details';
import { isPlanId, TRIAL_DAYS, type PlanId } from '@ridgeline/shared/domain/plans';
import { isIanaTimeZone } from '@ridgeline/shared/domain/time-zones';
import type { Db } from '../../infra/db/client';
import { isInvitationFor, isInvitationUsable } from './company.policy';
import { insertCompanyWithOwner, type CompanyRow } from './company.repository';
import { isInvitationKey } from './invitation-key';
import { acceptInvitationAs, findInvitation, markEmailVerified } from './team.repository';

export type OnboardingServiceDeps = {
  db: Db;
  /** Signs the invitation links (invitation-key.ts); without it no sign-up proves its address by a link. */
  invitationSecret?: string;
};
/** `plan`: the plan chosen at sign-up (the company's chosen plan; the trial counts as Professional). */
export type NewCompanyInput = { name: string; phone: string | null; plan?: PlanId; timeZone?: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * Where a new user lands: the sign-up hook (server.ts hands it to better-auth), the demo seed and the
 * test factories all create companies through here, so there is one way a company comes to exist.
 */
export function createOnboardingService({ db, invitationSecret }: OnboardingServiceDeps) {
  /** Creates a company with the user as its owner, on a trial of TRIAL_DAYS days. */
  async function createCompanyForOwner(userId: string, input: NewCompanyInput): Promise<CompanyRow> {
    const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * DAY_MS);
    const timeZone = input.timeZone && isIanaTimeZone(input.timeZone) ? input.timeZone : null;
    return db.transaction((tx) => insertCompanyWithOwner(tx, { name: input.name, phone: input.phone, plan: input.plan, timeZone, userId, trialEndsAt }));
  }

  /**
   * Runs once a new user row is committed: joins the inviting company when the sign-up carried a
   * usable invitation for this address (and, with the mailed link's key, the address is proven: no
   * confirmation mail), otherwise creates the company named at sign-up, with the plan chosen there,
   * in the time zone the browser named (ignored unless it is an IANA zone).
   */
  async function provisionNewUser(newUser: { id: string; email: string }, body: Record<string, unknown>): Promise<void> {
    const invitationId = typeof body.invitationId === 'string' ? body.invitationId : null;
    const found = invitationId ? await findInvitation(db, invitationId) : null;
    if (found && isInvitationUsable(found.invitation) && isInvitationFor(found.invitation, newUser.email)) {
      const key = typeof body.invitationKey === 'string' ? body.invitationKey : null;
      const proven = invitationSecret !== undefined && key !== null && isInvitationKey(invitationSecret, found.invitation.id, found.invitation.email, key);
      await db.transaction(async (tx) => {
        await acceptInvitationAs(tx, found.invitation, newUser.id);
        if (proven) await markEmailVerified(tx, newUser.id);
      });
      return;
    }
    const plan = typeof body.plan === 'string' && isPlanId(body.plan) ? body.plan : undefined;
    await createCompanyForOwner(newUser.id, {
      name: text(body.companyName) ?? DEFAULT_COMPANY_NAME,
      phone: text(body.phone),
      plan,
      timeZone: text(body.timeZone),
    });
  }

  return { createCompanyForOwner, provisionNewUser };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
