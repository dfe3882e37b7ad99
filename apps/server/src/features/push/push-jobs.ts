import type { Db } from '../../infra/db/client';
import type { PushEndpointRules } from '../../infra/push/push-endpoint';
import { loadVapidKeys } from '../../infra/push/vapid-keys';
import type { Logger } from '../../lib/logger';
import { createPushService } from './push.service';

/**
 * Loads the VAPID keys (created on the first start, kept in the database) before the app serves, and
 * answers the chat-message-posted event's subscriber (registered in subscribers.ts): the message's
 * push, once. A job that fails on its own (the database gone) is retried by the queue; a failed push
 * inside it is only logged.
 */
export async function createChatPushSubscriber(deps: {
  db: Db;
  logger: Logger;
  vapidSubject: string;
  endpoints: PushEndpointRules;
}): Promise<(event: { companyId: string; messageId: string }) => Promise<void>> {
  await loadVapidKeys(deps.db);
  const push = createPushService(deps);
  return async (event) => {
    const outcome = await push.pushMessage(event);
    if (outcome && (outcome.removed > 0 || outcome.failed > 0)) deps.logger.info({ ...outcome, messageId: event.messageId }, 'chat push sent');
  };
}
