import { z } from 'zod';

// The product's events: what a committed write announces so that other features can react to it
// without importing the feature that wrote (subscribers are registered in subscribers.ts, beside
// server.ts). One list, each event's name with the zod schema of its payload: a publisher cannot
// send, and a subscriber cannot receive, a payload of another shape.
//
// Delivery is at least once: an event may reach a subscriber twice (a retried job, a publisher that
// publishes again to be sure, such as a chat message sent again with its client id), so every
// subscriber is idempotent, keyed on the ids the payload carries.

export const EVENTS = {
  /** A chat message was stored (or sent again with its client id): the other members' devices are told once. */
  'chat-message-posted': z.object({
    companyId: z.uuid(),
    conversationId: z.uuid(),
    messageId: z.uuid(),
    senderId: z.string().min(1),
  }),
  /** A photo's thumbnails job ended with its thumbnails stored: every screen listing the photo shows them. */
  'photo-thumbnails-ready': z.object({
    companyId: z.uuid(),
    photoId: z.uuid(),
    projectId: z.uuid().nullable(),
    sessionId: z.uuid().nullable(),
  }),
  // A claim file's life (decision 042): each moves the claim file forward (projects' status progress).
  /** An inspection on a claim file was completed. */
  'inspection-completed': z.object({
    companyId: z.uuid(),
    sessionId: z.uuid(),
    projectId: z.uuid(),
    actorId: z.string().min(1).nullable(),
  }),
  /** A claim packet of a claim file was shared with the adjuster (its link made for the adjuster, or sent). */
  'packet-shared': z.object({
    companyId: z.uuid(),
    projectId: z.uuid(),
    reportId: z.uuid(),
    actorId: z.string().min(1).nullable(),
  }),
  /** The homeowner signed a proposal of a claim file through its link. */
  'proposal-signed': z.object({
    companyId: z.uuid(),
    projectId: z.uuid(),
    proposalId: z.uuid(),
  }),
  /** An entry was added to a claim file's money ledger (figures, supplements, payments). */
  'ledger-changed': z.object({
    companyId: z.uuid(),
    projectId: z.uuid(),
    actorId: z.string().min(1).nullable(),
  }),
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;
