import type { Config } from './config';
import { createChatPushSubscriber } from './features/push/push-jobs';
import type { Db } from './infra/db/client';
import type { EventBus } from './infra/events/event-bus';
import { publishToCompany } from './infra/realtime/publish';
import type { Logger } from './lib/logger';

// What follows a committed write, in one place: each event of infra/events/events.ts and who reacts
// to it. A feature publishes its own events and never imports the features that react; the reactions
// are wired here, in the composition root beside server.ts. Every subscriber is idempotent (an event
// may arrive twice). Registered before the job queue starts.

export async function registerSubscribers(events: EventBus, deps: { db: Db; logger: Logger; config: Config }): Promise<void> {
  const { db, logger, config } = deps;

  // A chat message stored: its push to the other members' devices, once per message (push feature).
  // A busy chat posts hundreds a second: they are claimed 20 at a time.
  const pushMessage = await createChatPushSubscriber({ db, logger, vapidSubject: config.vapidSubject, endpoints: config.pushEndpoints });
  events.subscribe('chat-message-posted', 'push', pushMessage, { batchSize: 20 });

  // A photo's thumbnails stored: every open page of the company is told, and each screen listing the
  // photo reads it again through the API (which decides who sees what).
  events.subscribe('photo-thumbnails-ready', 'realtime', async ({ companyId, photoId, projectId, sessionId }) => {
    await publishToCompany(db, { company: companyId, event: { type: 'photo-thumbnails', photoId, projectId, sessionId } });
  });
}
