import type { Actor, Identity, Tenant } from '../lib/actor';

/** The Hono context variables every request carries, set by the middleware chain. */
export type AppEnv = {
  Variables: {
    requestId: string;
    actor: Actor;
    tenant: Tenant;
    /** The caller's identity once read (null: anonymous); see middleware/identity.ts. */
    identity: Identity | null | undefined;
    /** The client's address: the socket's peer, or what a trusted proxy forwarded (middleware/trusted-proxy.ts). */
    clientIp: string | undefined;
    /** A trusted proxy said the client used HTTPS. */
    forwardedHttps: boolean | undefined;
  };
};
