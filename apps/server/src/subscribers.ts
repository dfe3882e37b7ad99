import type { Config } from './config';
import { createStatusProgress } from './features/projects/status-progress';
import { createChatPushSubscriber } from './features/push/push-jobs';
import { ledgerMoveCauses } from '@ridgeline/shared/domain/status-progress';
import { readClaimLedger } from './data/claim-ledger';
import type { Db } from './infra/db/client';
import { hasSignedProposal } from './data/project-lookup';
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

  // The claim file moves forward by itself (decision 042): each event of its life names its causes,
  // and the projects feature's status progress moves it (or offers the move) only forward.
  const progress = createStatusProgress({ db });
  events.subscribe('inspection-completed', 'claim-status', async ({ companyId, projectId, actorId }) => {
    await progress.apply({ companyId, projectId, causes: ['inspection_completed'], actorId });
  });
  events.subscribe('packet-shared', 'claim-status', async ({ companyId, projectId, actorId }) => {
    await progress.apply({ companyId, projectId, causes: ['packet_shared'], actorId });
  });
  events.subscribe('proposal-signed', 'claim-status', async ({ companyId, projectId }) => {
    await progress.apply({ companyId, projectId, causes: ['proposal_signed'], actorId: null });
  });
  // The ledger's causes are read when the job runs: the ledger as it stands, whatever order entries
  // came in. A proposal signed before the insurer approved waits for the approval: once the ledger
  // has moved the file on, the signature takes it to the build.
  events.subscribe('ledger-changed', 'claim-status', async ({ companyId, projectId, actorId }) => {
    const ledger = await readClaimLedger(db, companyId, projectId);
    if (!ledger) return;
    await progress.apply({ companyId, projectId, causes: ledgerMoveCauses(ledger.entries, ledger.summary), actorId });
    if (await hasSignedProposal(db, companyId, projectId)) await progress.apply({ companyId, projectId, causes: ['proposal_signed'], actorId });
  });
}
