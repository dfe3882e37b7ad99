import type { AuthSession } from './middleware/session';
import type { CompanyRole, PlatformRole } from '@ridgeline/shared/domain/roles';

/** The signed-in actor, resolved from the better-auth session. */
export type Actor = {
  userId: string;
  email: string;
  role: PlatformRole;
  sessionId: string;
  impersonatedBy: string | null;
};

/** The actor's company: every tenant query filters by companyId. */
export type Tenant = { companyId: string; role: CompanyRole };

export type AppEnv = {
  Variables: {
    requestId: string;
    actor: Actor;
    tenant: Tenant;
    /** The better-auth session once read (null: none); see middleware/session.ts. */
    authSession: AuthSession | null | undefined;
    /** The client's address: the socket's peer, or what a trusted proxy forwarded (middleware/trusted-proxy.ts). */
    clientIp: string | undefined;
    /** A trusted proxy said the client used HTTPS. */
    forwardedHttps: boolean | undefined;
  };
};
