import { betterAuth } from 'better-auth';
import { drizzleAdapter } from 'better-auth/adapters/drizzle';
import { admin, jwt, twoFactor } from 'better-auth/plugins';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@ridgeline/shared/domain/password-policy';
import type { Db } from '../../infra/db/client';
import * as schema from '../../infra/db/schema/index';
import type { MailMessage } from '../../infra/mail/mailer';
import { publishRevocation } from '../../infra/realtime/publish';
import type { Logger } from '../../lib/logger';
import { authLog, recordAuthFault } from './auth-faults';
import { trustedOrigins } from '../../http/trusted-origins';
import { deleteUser, isEmailVerified } from './auth.repository';
import { confirmEmailMail, resetPasswordMail } from '../../infra/mail/templates';

export type AuthDeps = {
  db: Db;
  secret: string;
  publicUrl: string;
  trustedOrigins: string[];
  logger: Logger;
  sendMail: (message: MailMessage) => Promise<void>;
  /** Runs once the user row is committed: creates or joins the company from the sign-up body. */
  onUserCreated: (user: { id: string; email: string }, body: Record<string, unknown>) => Promise<void>;
};

/** The better-auth instance: email + password with verification, admin, TOTP two-factor and JWKS. */
export function createAuth(deps: AuthDeps) {
  return betterAuth({
    appName: 'Ridgeline',
    baseURL: deps.publicUrl,
    basePath: '/api/auth',
    secret: deps.secret,
    trustedOrigins: trustedOrigins(deps),
    database: drizzleAdapter(deps.db, { provider: 'pg', schema }),
    // Our own limiter (database-backed, shared by every instance) guards sign-in.
    rateLimit: { enabled: false },
    // better-auth turns its origin/CSRF checks off when NODE_ENV=test; keep them on everywhere so
    // tests exercise what production runs (and callbackURL stays on a trusted origin).
    advanced: { ipAddress: { ipAddressHeaders: ['x-ridgeline-client-ip'] }, disableOriginCheck: false },
    // Its log lines go to the product's log, and a busy database to the gateway (auth-faults.ts).
    logger: { log: authLog(deps.logger) },
    onAPIError: { onError: recordAuthFault },
    emailAndPassword: {
      enabled: true,
      requireEmailVerification: true,
      minPasswordLength: PASSWORD_MIN_LENGTH,
      maxPasswordLength: PASSWORD_MAX_LENGTH,
      revokeSessionsOnPasswordReset: true,
      resetPasswordTokenExpiresIn: 60 * 60,
      // The link lands straight on /auth with the token: every auth link lands on /auth.
      sendResetPassword: async ({ user, token }) =>
        deps.sendMail(resetPasswordMail(user.email, `${deps.publicUrl}/auth?mode=reset&token=${encodeURIComponent(token)}`)),
    },
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: 60 * 60 * 24,
      // An address already proven (an invitation accepted by its mailed link) is not asked to confirm again.
      sendVerificationEmail: async ({ user, url }) => {
        if (await isEmailVerified(deps.db, user.id)) return;
        await deps.sendMail(confirmEmailMail(user.email, url));
      },
    },
    user: {
      additionalFields: {
        firstName: { type: 'string', required: true, input: true },
        lastName: { type: 'string', required: true, input: true },
        phone: { type: 'string', required: false, input: true },
      },
    },
    session: { expiresIn: 60 * 60 * 24 * 7, updateAge: 60 * 60 * 24 },
    databaseHooks: {
      // Every way a session ends through better-auth (sign-out, revoke-session, revoke-sessions,
      // revoke-other-sessions, a new or reset password, two-factor turned on or off, which replace the
      // session, the end of an impersonation) passes here: the sockets opened with that session close
      // on every instance. A failed announcement only logs: the session is gone, and the next
      // heartbeat closes them.
      session: {
        delete: {
          after: async (ended) => {
            try {
              await publishRevocation(deps.db, { userId: ended.userId, sessionId: ended.id, reason: 'session-ended' });
            } catch (error) {
              deps.logger.warn({ err: error instanceof Error ? error.message : String(error), sessionId: ended.id }, 'realtime revocation not announced');
            }
          },
        },
      },
      user: {
        create: {
          after: async (user, context) => {
            const body = (context?.body ?? {}) as Record<string, unknown>;
            try {
              await deps.onUserCreated({ id: user.id, email: user.email }, body);
            } catch (error) {
              // A user never stays without a company: better-auth commits the user before this hook
              // runs, so a failed company creation removes the account again and the sign-up fails.
              await deleteUser(deps.db, user.id);
              throw error;
            }
          },
        },
      },
    },
    plugins: [admin({ defaultRole: 'contractor', adminRoles: ['admin'], impersonationSessionDuration: 60 * 60 }), twoFactor({ issuer: 'Ridgeline' }), jwt()],
  });
}

export type Auth = ReturnType<typeof createAuth>;
