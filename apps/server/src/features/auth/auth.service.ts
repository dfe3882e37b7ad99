import { randomUUID } from 'node:crypto';
import { EMAIL_ALREADY_REGISTERED_MESSAGE } from '@ridgeline/shared/domain/auth-messages';
import { COMMON_PASSWORD_MESSAGE } from '@ridgeline/shared/domain/password-policy';
import { isBanActive } from '@ridgeline/shared/domain/users';
import type { Db } from '../../infra/db/client';
import { findUserIdByEmail } from '../../data/user-lookup';
import type { SocketGrant } from '../../infra/realtime/hub';
import type { RevocationReason } from '../../infra/realtime/publish';
import { AppError } from '../../lib/app-error';
import { consumeFactorChallenge, findSessionAccess, insertFactorChallenge, sessionBelongsTo } from './auth.repository';
import { isCommonPassword } from './common-passwords';

/** TOTP is the one factor: the authenticator app. */
export const TOTP_FACTOR_ID = 'totp';
const CHALLENGE_TTL_MS = 5 * 60_000;

/** The answer to a factor challenge: its id, factor and expiry. */
export type FactorChallenge = { id: string; factor_id: string; type: 'totp'; expires_at: string };

function assertKnownFactor(factorId: string): void {
  if (factorId !== TOTP_FACTOR_ID) throw AppError.badRequest('Unknown factor. Only "totp" is available.');
}

/** The rules Ridgeline adds around better-auth: passwords, duplicate addresses, factor challenges. */
export function createAuthService({ db }: { db: Db }) {
  /** A password on the common-passwords list is refused wherever a password is set. */
  function assertPasswordNotCommon(password: string): void {
    if (isCommonPassword(password)) throw AppError.badRequest(COMMON_PASSWORD_MESSAGE, 'WEAK_PASSWORD');
  }

  async function emailExists(email: string): Promise<boolean> {
    return (await findUserIdByEmail(db, email)) !== null;
  }

  /** One account per address: the check before better-auth creates the account. */
  async function assertEmailFree(email: string): Promise<void> {
    if (await emailExists(email)) throw AppError.conflict(EMAIL_ALREADY_REGISTERED_MESSAGE, 'EMAIL_ALREADY_REGISTERED');
  }

  return {
    assertPasswordNotCommon,
    emailExists,
    assertEmailFree,

    /** A session can be revoked only by its owner: anybody else's token is not found. */
    async assertOwnSession(userId: string, token: string): Promise<void> {
      if (!(await sessionBelongsTo(db, token, userId))) throw new AppError('SESSION_NOT_FOUND');
    },

    /**
     * The realtime heartbeat's check: for each socket's grant, why it no longer holds (the session
     * ended or expired, the account is disabled, the user is no longer in that company), or null.
     * One query for every grant.
     */
    async checkSocketGrants(grants: readonly SocketGrant[]): Promise<(RevocationReason | null)[]> {
      const rows = new Map(
        (
          await findSessionAccess(
            db,
            grants.map((grant) => grant.sessionId),
          )
        ).map((row) => [row.sessionId, row]),
      );
      return grants.map((grant) => {
        const row = rows.get(grant.sessionId);
        if (!row || row.userId !== grant.userId) return 'session-ended';
        if (isBanActive(row)) return 'account-disabled';
        return row.companyId === grant.companyId ? null : 'left-company';
      });
    },

    /** A sign-up may proceed: the password is not common and the address is not registered yet. */
    async assertSignUpAllowed(input: { email: string; password: string }): Promise<void> {
      assertPasswordNotCommon(input.password);
      await assertEmailFree(input.email);
    },

    /**
     * A challenge binds the code that follows to a short-lived id. Nothing is sent: TOTP is the one
     * factor, and with no SMS provider any other channel is refused.
     */
    async createFactorChallenge(factorId: string, channel: string | undefined): Promise<FactorChallenge> {
      assertKnownFactor(factorId);
      if (channel !== undefined && channel !== TOTP_FACTOR_ID) {
        throw AppError.badRequest(`The "${channel.slice(0, 20)}" channel is not available: use your authenticator app (totp).`);
      }
      const id = randomUUID();
      const expiresAt = new Date(Date.now() + CHALLENGE_TTL_MS);
      await insertFactorChallenge(db, { id, factorId: TOTP_FACTOR_ID, expiresAt });
      return { id, factor_id: TOTP_FACTOR_ID, type: 'totp', expires_at: expiresAt.toISOString() };
    },

    /** Uses up a challenge before its code is checked; unknown or expired ones are refused. */
    async useFactorChallenge(factorId: string, challengeId: string): Promise<void> {
      assertKnownFactor(factorId);
      if (!(await consumeFactorChallenge(db, challengeId))) {
        throw AppError.badRequest('This challenge is unknown or has expired. Request a new one.', 'INVALID_CHALLENGE');
      }
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
