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
} as const;

export type EventName = keyof typeof EVENTS;
export type EventPayload<N extends EventName> = z.infer<(typeof EVENTS)[N]>;
