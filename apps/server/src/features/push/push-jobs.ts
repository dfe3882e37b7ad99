import type { Db } from '../../infra/db/client';
import type { JobQueue } from '../../infra/jobs/queue';
import type { PushEndpointRules } from '../../infra/push/push-endpoint';
import { loadVapidKeys } from '../../infra/push/vapid-keys';
import type { Logger } from '../../lib/logger';
import { createPushService, type ChatPushJob } from './push.service';

/** The queue of chat pushes: one job per message sent, telling the other members' devices. */
export const CHAT_PUSH_JOB = 'send-chat-push';

/**
 * Loads the VAPID keys (created on the first start, kept in the database) before the app serves, and
 * registers the chat push job on the queue (before it starts). A job that fails on its own (the
 * database gone) is retried by the queue; a failed push inside it is only logged.
 */
export async function definePushJobs(
  jobs: JobQueue,
  deps: { db: Db; logger: Logger; vapidSubject: string; endpoints: PushEndpointRules },
): Promise<void> {
  await loadVapidKeys(deps.db);
  const push = createPushService({ ...deps, queue: (job) => jobs.send<ChatPushJob>(CHAT_PUSH_JOB, job).then(() => undefined) });
  jobs.define<ChatPushJob>(CHAT_PUSH_JOB, async (job) => {
    const outcome = await push.deliverChatPush(job);
    if (outcome.removed > 0 || outcome.failed > 0) deps.logger.info({ ...outcome, conversationId: job.conversationId }, 'chat push sent');
  });
}
