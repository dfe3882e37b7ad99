import type { Config } from '../config';
import type { Database } from '../infra/db/client';
import type { ChatProvider } from '../infra/ai/chat-provider';
import type { EventPublisher } from '../infra/events/event-bus';
import type { JobQueue } from '../infra/jobs/queue';
import type { MailMessage } from '../infra/mail/mailer';
import type { Metrics } from '../infra/metrics/metrics';
import type { PaymentsGateway } from '../infra/payments/gateway';
import type { RateLimitStore } from '../infra/rate-limit/rate-limit-store';
import type { Storage } from '../infra/storage/storage';
import type { UploadQuota } from '../infra/upload-quota/upload-quota';
import type { Logger } from '../lib/logger';
import type { Identity } from '../lib/actor';
import type { SessionCookie } from './session-cookie';

// Ports: what http/ needs from a feature is declared here as a small type, and server.ts (the
// composition root) fills it with the feature's implementation, so http/ never imports a feature.

/** The caller's identity for a verified session token: one indexed query; null when no live session. */
export type IdentityReader = (sessionToken: string) => Promise<Identity | null>;

/** The maintenance flag, as the gate reads it and admins switch it. */
export type MaintenanceFlag = {
  read: () => Promise<{ enabled: boolean }>;
  /** The flag as last read while that read is fresh enough to answer from (null: call read). */
  fresh: () => { enabled: boolean } | null;
  write: (enabled: boolean) => Promise<{ enabled: boolean }>;
};

/**
 * better-auth as the routes use it: its HTTP handler, and the two session switches of impersonation
 * (each answers better-auth's response, whose cookies move the browser to the other session).
 */
export type AuthProvider = {
  handler: (request: Request) => Promise<Response>;
  impersonateUser: (userId: string, headers: Headers) => Promise<Response>;
  stopImpersonating: (headers: Headers) => Promise<Response>;
};

/** Everything a route needs, built once in server.ts (the composition root). */
export type AppDeps = {
  config: Config;
  database: Database;
  databaseMode: 'embedded' | 'external';
  auth: AuthProvider;
  /** better-auth's session cookie: its name and signing secret. */
  sessionCookie: SessionCookie;
  identity: IdentityReader;
  storage: Storage;
  storageSecret: string;
  /** Signs the mailed invitation links: a sign-up through one proves the address. */
  invitationSecret: string;
  jobs: JobQueue;
  /** Announces committed writes to the subscribers registered in subscribers.ts (infra/events). */
  events: EventPublisher;
  limits: RateLimitStore;
  /** The upload quotas every upload path spends (bytes per user and company per hour, the company's storage total). */
  uploadQuota: UploadQuota;
  maintenance: MaintenanceFlag;
  logger: Logger;
  /** Queues a mail as a job; the worker sends it. */
  queueMail: (message: MailMessage) => Promise<void>;
  /** Stripe when STRIPE_SECRET_KEY is set; null runs billing in its labelled test mode. */
  payments: PaymentsGateway | null;
  /** The AI provider of the assistant and of Shingle ID's photo reading when one is configured; null: built-in answers only. */
  chatProvider: ChatProvider | null;
  version: string;
  /** This instance's Prometheus metrics (infra/metrics). */
  metrics: Metrics;
  /** True once the instance has begun to shut down: readiness answers 503 so the load balancer moves on. */
  draining: () => boolean;
};
