import { DEFAULT_COMPANY_NAME } from '@ridgeline/shared/domain/company-details';
import { TRIAL_DAYS } from '@ridgeline/shared/domain/plans';
import { isIanaTimeZone } from '@ridgeline/shared/domain/time-zones';
import type { Db } from '../../infra/db/client';
import { isInvitationFor, isInvitationUsable } from './company.policy';
import { insertCompanyWithOwner, type CompanyRow } from './company.repository';
import { acceptInvitationAs, findInvitation } from './team.repository';

export type OnboardingServiceDeps = { db: Db };
export type NewCompanyInput = { name: string; phone: string | null; timeZone?: string | null };

const DAY_MS = 24 * 60 * 60 * 1000;

function text(value: unknown): string | null {
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

/**
 * Where a new user lands: the sign-up hook (server.ts hands it to better-auth), the demo seed and the
 * test factories all create companies through here, so there is one way a company comes to exist.
 */
export function createOnboardingService({ db }: OnboardingServiceDeps) {
  /** Creates a company with the user as its owner, on a trial of TRIAL_DAYS days. */
  async function createCompanyForOwner(userId: string, input: NewCompanyInput): Promise<CompanyRow> {
    const trialEndsAt = new Date(Date.now() + TRIAL_DAYS * DAY_MS);
    const timeZone = input.timeZone && isIanaTimeZone(input.timeZone) ? input.timeZone : null;
    return db.transaction((tx) => insertCompanyWithOwner(tx, { name: input.name, phone: input.phone, timeZone, userId, trialEndsAt }));
  }

  /**
   * Runs once a new user row is committed: joins the inviting company when the sign-up carried a
   * usable invitation for this address, otherwise creates the company named at sign-up, in the time
   * zone the browser named (ignored unless it is an IANA zone).
   */
  async function provisionNewUser(newUser: { id: string; email: string }, body: Record<string, unknown>): Promise<void> {
    const invitationId = typeof body.invitationId === 'string' ? body.invitationId : null;
    const found = invitationId ? await findInvitation(db, invitationId) : null;
    if (found && isInvitationUsable(found.invitation) && isInvitationFor(found.invitation, newUser.email)) {
      await db.transaction((tx) => acceptInvitationAs(tx, found.invitation, newUser.id));
      return;
    }
    await createCompanyForOwner(newUser.id, { name: text(body.companyName) ?? DEFAULT_COMPANY_NAME, phone: text(body.phone), timeZone: text(body.timeZone) });
  }

  return { createCompanyForOwner, provisionNewUser };
}

export type OnboardingService = ReturnType<typeof createOnboardingService>;
