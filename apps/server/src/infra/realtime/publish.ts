import { sql } from 'drizzle-orm';
import type { ChatMessage, RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import type { Db, DbTx } from '../db/client';

// Realtime fan-out through PostgreSQL: a write publishes with NOTIFY on one channel, every API
// instance LISTENs on it (infra/realtime/hub.ts) and hands the event to its sockets of the users
// named. Published inside the writing transaction, the event leaves only if the write commits.
// Revocations travel the same channel: when a session ends, an account is disabled or someone
// leaves their company, every instance closes the matching sockets.

export const REALTIME_CHANNEL = 'ridgeline_realtime';

/** NOTIFY payloads are limited to 8000 bytes; a larger message travels as a reference the client reads. */
const MAX_PAYLOAD_BYTES = 7900;

/** One notification on the channel: the users whose sockets receive the event. */
export type RealtimeEnvelope = { to: string[]; event: RealtimeEvent };

/**
 * One notification on the channel for every socket opened for a company (whoever its people are, so
 * the payload stays small however many they are).
 */
export type CompanyEnvelope = { company: string; event: RealtimeEvent };

/**
 * Why sockets are closed: their session ended (sign-out, a revoked session, a new password), the
 * account was disabled, or the user is no longer a member of the company the socket was opened for.
 */
export const REVOCATION_REASONS = ['session-ended', 'account-disabled', 'left-company'] as const;
export type RevocationReason = (typeof REVOCATION_REASONS)[number];

/**
 * A revocation: close the user's sockets, only those opened with the session when one is named, only
 * those opened for the company when one is named.
 */
export type Revocation = { userId: string; sessionId?: string; companyId?: string; reason: RevocationReason };

/** One notification on the channel that closes sockets instead of sending them an event. */
export type RevocationEnvelope = { revoke: Revocation };

/** The envelope as sent: a message too large for NOTIFY becomes a `message-ref`. */
export function encodeEnvelope(envelope: RealtimeEnvelope): string {
  const text = JSON.stringify(envelope);
  if (Buffer.byteLength(text) <= MAX_PAYLOAD_BYTES) return text;
  const { event } = envelope;
  if (event.type === 'message') {
    const { conversationId, id, seq } = event.message;
    return JSON.stringify({ to: envelope.to, event: { type: 'message-ref', conversationId, messageId: id, seq } });
  }
  throw new Error(`A realtime ${event.type} event is too large to publish`);
}

/**
 * The envelopes of a message event for a statement that inserts the message and publishes it at
 * once (chat's one-statement send): the statement fills in the recipients, the seq and createdAt, and
 * sends the reference instead when the full envelope is over NOTIFY's limit, as encodeEnvelope does.
 */
export function messageEnvelopeTemplates(message: ChatMessage): { channel: string; maxBytes: number; full: string; ref: string } {
  const { conversationId, id } = message;
  return {
    channel: REALTIME_CHANNEL,
    maxBytes: MAX_PAYLOAD_BYTES,
    full: JSON.stringify({ to: [], event: { type: 'message', message } } satisfies RealtimeEnvelope),
    ref: JSON.stringify({ to: [], event: { type: 'message-ref', conversationId, messageId: id, seq: 0 } } satisfies RealtimeEnvelope),
  };
}

/** Publishes an event to the sockets of the given users (on every instance) when the transaction commits. */
export async function publishRealtime(db: Db | DbTx, envelope: RealtimeEnvelope): Promise<void> {
  if (envelope.to.length === 0) return;
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${encodeEnvelope(envelope)})`);
}

/** Publishes an event to every socket opened for the company (on every instance), when the transaction commits if in one. */
export async function publishToCompany(db: Db | DbTx, envelope: CompanyEnvelope): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify(envelope satisfies CompanyEnvelope)})`);
}

/** Closes the matching sockets (on every instance) when the transaction commits. */
export async function publishRevocation(db: Db | DbTx, revocation: Revocation): Promise<void> {
  await db.execute(sql`select pg_notify(${REALTIME_CHANNEL}, ${JSON.stringify({ revoke: revocation } satisfies RevocationEnvelope)})`);
}
