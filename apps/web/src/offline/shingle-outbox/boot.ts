// Sends the signed-in user's waiting shingle identifications from any page once the browser is idle,
// on a device that holds the outbox (one was saved here with no signal). Only this file, db-name.ts and
// events.ts are imported outside the shingle screens.
import { startWhenIdle } from '../start-when-idle';
import { SHINGLE_OUTBOX_DB_NAME } from './db-name';

/** Starts sending `userId`'s waiting identifications when idle; the returned function stops it. */
export function startShingleOutboxWhenIdle(userId: string): () => void {
  return startWhenIdle({
    name: 'The shingle outbox',
    database: SHINGLE_OUTBOX_DB_NAME,
    start: async () => (await import('./index')).holdShingleOutbox(userId),
  });
}
