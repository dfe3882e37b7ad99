import type { z } from 'zod';
import type { ChatPushPayload, PushSubscriptionInput, sendChatPushSchema } from '@ridgeline/shared/contracts/chat';
import { messagePreview, previewOfMessage } from '@ridgeline/shared/domain/chat';
import { displayName } from '@ridgeline/shared/domain/users';
import type { Actor, Tenant } from '../../lib/actor';
import type { Db } from '../../infra/db/client';
import { checkPushEndpoint, type PushEndpointRules } from '../../infra/push/push-endpoint';
import { loadVapidKeys } from '../../infra/push/vapid-keys';
import { createPushSender, PushDeliveryError, type PushSender } from '../../infra/push/web-push';
import { AppError } from '../../lib/app-error';
import type { Logger } from '../../lib/logger';
import {
  claimMessagePush,
  deleteSubscriptionById,
  deleteUserSubscription,
  findLatestMessageOf,
  findSenderNames,
  isConversationMember,
  listRecipientSubscriptions,
  upsertSubscription,
} from './push.repository';
import { assertMayPushTo } from './push.policy';

type SendChatPushInput = z.output<typeof sendChatPushSchema>;

/** One chat push: a message of a conversation, told to its other members' devices. */
export type ChatPushJob = { companyId: string; conversationId: string; senderId: string; preview: string };

export type PushServiceDeps = {
  db: Db;
  logger: Pick<Logger, 'warn'>;
  vapidSubject: string;
  /** Where a push may be sent: public addresses only, https in production, and the listed test hosts. */
  endpoints: PushEndpointRules;
  /** The sender of push requests; by default web push with the database's VAPID keys. */
  sender?: Promise<PushSender>;
};

/** The in-app path a chat push opens. */
export const conversationUrl = (conversationId: string) => `/messages?conversation=${encodeURIComponent(conversationId)}`;

/**
 * Web push: the server's public key, the devices a user subscribed, and the chat push (the other
 * members of a conversation told of a new message on their devices, by the chat-message-posted
 * event's job). A failed push only logs a warning: it never fails the message or anything else.
 */
export function createPushService({ db, logger, vapidSubject, endpoints, sender }: PushServiceDeps) {
  let pushSender = sender;
  const senderOf = (): Promise<PushSender> => {
    pushSender ??= loadVapidKeys(db).then((keys) => createPushSender({ subject: vapidSubject, keys, endpoints }));
    return pushSender;
  };

  async function publicKey(): Promise<string> {
    return (await loadVapidKeys(db)).publicKey;
  }

  /**
   * Stores the device's subscription. The endpoint must be a push service at a public address
   * (push-endpoint.ts: checked after resolving its host), else 400 PUSH_ENDPOINT_REFUSED with one
   * answer whatever the reason (the reason is logged, not told: the answer never says what a name
   * resolves to). An endpoint belongs to the first user who stored it: another user gets 409
   * PUSH_ENDPOINT_TAKEN and the row stays as it was.
   */
  async function subscribe(actor: Actor, input: PushSubscriptionInput): Promise<void> {
    const checked = await checkPushEndpoint(input.endpoint, endpoints);
    if (!checked.ok) {
      logger.warn({ userId: actor.userId, reason: checked.reason }, 'push endpoint refused');
      throw new AppError('PUSH_ENDPOINT_REFUSED');
    }
    const stored = await upsertSubscription(db, {
      endpoint: input.endpoint,
      p256dh: input.keys.p256dh,
      auth: input.keys.auth,
      deviceInfo: input.deviceInfo ?? null,
      userId: actor.userId,
    });
    if (!stored) throw new AppError('PUSH_ENDPOINT_TAKEN');
  }

  /** Removes the device's subscription when it is the actor's own (another user's is left alone). */
  async function unsubscribe(actor: Actor, endpoint: string): Promise<void> {
    await deleteUserSubscription(db, actor.userId, endpoint);
  }

  /**
   * The answer of the spec's send-chat-push, kept for browsers of an earlier release: the server
   * pushes every message itself once it is stored (pushMessage, on the chat-message-posted event),
   * so this sends nothing and queues nothing; it answers, as before, how many devices of the other
   * members the push is for. The sender is always the signed-in user (the body's sender_profile_id
   * and preview are ignored). Only a member of the conversation, in their own company, gets an
   * answer: anyone else gets 404; a member who has sent no message there gets 0.
   */
  async function chatPushTargets(actor: Actor, tenant: Tenant, input: SendChatPushInput): Promise<number> {
    assertMayPushTo({ isMember: await isConversationMember(db, tenant.companyId, input.conversation_id, actor.userId) });
    const latest = await findLatestMessageOf(db, tenant.companyId, input.conversation_id, actor.userId);
    if (!latest) return 0;
    return (await listRecipientSubscriptions(db, tenant.companyId, input.conversation_id, actor.userId)).length;
  }

  /**
   * The chat-message-posted event's subscriber: the message's push to the other members' devices,
   * once per message (its pushed_at claimed first: an event that arrives again, a message sent again
   * with its client id, pushes nothing). The preview is the message as stored. At most once: a push
   * claimed and then cut short (the process stopped) is not sent again.
   */
  async function pushMessage(event: { companyId: string; messageId: string }): Promise<{ delivered: number; removed: number; failed: number } | null> {
    const claimed = await claimMessagePush(db, event.companyId, event.messageId);
    // Claimed already, or no other member has a device: nothing to send.
    if (!claimed?.senderId || !claimed.reachable) return null;
    return deliverChatPush({
      companyId: event.companyId,
      conversationId: claimed.conversationId,
      senderId: claimed.senderId,
      preview: previewOfMessage(claimed.content, claimed.fileName),
    });
  }

  /**
   * The job: the payload (the sender's name, the message cut at 30 characters, the conversation) to
   * every subscription of the other members. A subscription the push service answers 404/410 for is
   * deleted, and so is one whose endpoint is refused (not a push service at a public address: no
   * connection is opened); any other failure is a warning in the log.
   */
  async function deliverChatPush(job: ChatPushJob): Promise<{ delivered: number; removed: number; failed: number }> {
    const outcome = { delivered: 0, removed: 0, failed: 0 };
    // Most messages reach no device (no other member subscribed): one read, and nothing more.
    const targets = await listRecipientSubscriptions(db, job.companyId, job.conversationId, job.senderId);
    if (targets.length === 0) return outcome;
    const names = await findSenderNames(db, job.senderId);
    const payload: ChatPushPayload = {
      title: names ? displayName(names) : 'New message',
      body: messagePreview(job.preview),
      conversationId: job.conversationId,
      url: conversationUrl(job.conversationId),
    };
    let push: PushSender;
    try {
      push = await senderOf();
    } catch (error) {
      logger.warn({ err: String(error) }, 'chat push not sent: no VAPID keys');
      return { ...outcome, failed: targets.length };
    }
    await Promise.all(
      targets.map(async (target) => {
        try {
          const answer = await push.send({ endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } }, payload);
          if (answer === 'gone' || answer === 'refused') {
            if (answer === 'refused')
              logger.warn({ subscriptionId: target.id, conversationId: job.conversationId }, 'push endpoint refused: subscription deleted');
            await deleteSubscriptionById(db, target.id);
            outcome.removed += 1;
          } else outcome.delivered += 1;
        } catch (error) {
          outcome.failed += 1;
          const statusCode = error instanceof PushDeliveryError ? error.statusCode : null;
          logger.warn({ err: String(error), statusCode, subscriptionId: target.id, conversationId: job.conversationId }, 'chat push failed');
        }
      }),
    );
    return outcome;
  }

  return { publicKey, subscribe, unsubscribe, chatPushTargets, pushMessage, deliverChatPush };
}

export type PushService = ReturnType<typeof createPushService>;
