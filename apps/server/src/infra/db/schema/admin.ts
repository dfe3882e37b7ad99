import { bigserial, index, pgTable, text } from 'drizzle-orm/pg-core';
import { textRef, timestampTz } from './columns';
import { user } from './auth';

/** Every impersonation a platform admin starts : who, whom, why, when, from where. */
export const impersonationAudit = pgTable(
  'impersonation_audit',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminUserId: textRef('admin_user_id', () => user.id),
    targetUserId: textRef('target_user_id', () => user.id),
    reason: text('reason').notNull(),
    /** The impersonation session (better-auth session id); ends with it. */
    sessionId: text('session_id').notNull(),
    ip: text('ip'),
    startedAt: timestampTz('started_at').notNull().defaultNow(),
    /** When the session ends on its own (one hour after the start). */
    expiresAt: timestampTz('expires_at').notNull(),
    endedAt: timestampTz('ended_at'),
  },
  (t) => [index('impersonation_audit_started_idx').on(t.startedAt), index('impersonation_audit_session_idx').on(t.sessionId)],
);

/** Content-Security-Policy violation reports sent by browsers, kept for platform admins to read. */
export const cspViolations = pgTable(
  'csp_violations',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    documentUri: text('document_uri').notNull(),
    referrer: text('referrer'),
    blockedUri: text('blocked_uri'),
    violatedDirective: text('violated_directive').notNull(),
    originalPolicy: text('original_policy'),
    disposition: text('disposition'),
    /** The browser's timestamp of the violation. */
    occurredAt: timestampTz('occurred_at'),
    userAgent: text('user_agent'),
    ip: text('ip'),
    receivedAt: timestampTz('received_at').notNull().defaultNow(),
  },
  (t) => [index('csp_violations_received_idx').on(t.receivedAt)],
);
