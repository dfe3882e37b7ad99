// The shingle outbox: an identification saved on the phone is kept in IndexedDB under the id the
// phone gave it and sent to the server at once when there is a connection, when it returns
// otherwise. The waiting ones are sent under the outbox's lock, one tab at a time, and the server
// saves one identification per id, so a save sent twice (a lost answer, the screen's own first try
// beside another tab's run) is still one. Its photos wait in the upload queue until it has arrived
// (session-sync-gate.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { shingleIdentificationSchema, type ShingleIdentification } from '@ridgeline/shared/contracts/shingles';
import { api } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { browserLock, OUTBOX_LOCK, underLock } from '../outbox/lock';
import { browserNetwork } from '../outbox/network';
import { mayPass, RETRY_MAX_DELAY_MS, retryDelayMs } from '../outbox/retry';
import { uploadQueueUser } from '../upload-queue/presence';
import { shingleOutboxDb, type WaitingShingleSave } from './db';
import { emitShingleSaveSent } from './events';

export type { WaitingShingleSave } from './db';

/** Whether the server refused the save itself (it would refuse it again): any failure the outboxes' retry rule says will not pass. */
const refused = (error: unknown) => !mayPass(error);

function send(save: WaitingShingleSave): Promise<ShingleIdentification> {
  return api.post('/api/shingles/identifications', save.input, { schema: shingleIdentificationSchema });
}

async function sent(save: WaitingShingleSave): Promise<void> {
  await shingleOutboxDb().saves.delete(save.id);
  emitShingleSaveSent(save.id);
}

let sending: Promise<boolean> | null = null;

/**
 * Sends `userId`'s waiting identifications, oldest first, holding the outbox's lock (another tab
 * sending waits, then finds them gone); stops at the first that does not reach the server. Resolves
 * with whether none is left waiting to be sent.
 */
export function sendWaitingShingleSaves(userId: string): Promise<boolean> {
  sending ??= underLock(browserLock(), OUTBOX_LOCK.shingles, async () => {
    const waiting = await shingleOutboxDb().saves.where('[userId+createdAt]').between([userId, 0], [userId, Number.MAX_SAFE_INTEGER]).toArray();
    for (const save of waiting) {
      if (save.error !== null) continue;
      // Only the signed-in user's session sends their saves (the shell sets who that is).
      if (!browserNetwork.isOnline() || uploadQueueUser.get() !== userId) return false;
      try {
        await send(save);
        await sent(save);
        notify.success('Identification sent', save.label);
      } catch (error) {
        if (!refused(error)) return false;
        await shingleOutboxDb().saves.update(save.id, { error: errorText(error) });
        notify.error('The server refused a saved identification', errorText(error));
      }
    }
    return true;
  }).finally(() => {
    sending = null;
  });
  return sending;
}

/**
 * Sends `userId`'s waiting identifications now, whenever the connection returns, and again after each
 * run until the returned function is called: after the outboxes' backoff while some wait, every 30 s
 * (the backoff's longest pause) otherwise, in case one was kept since or the connection came back
 * unnoticed.
 */
export function holdShingleOutbox(userId: string): () => void {
  let held = true;
  let failures = 0;
  let timer: ReturnType<typeof setTimeout> | null = null;
  const next = (allSent: boolean) => {
    if (!held) return;
    failures = allSent ? 0 : failures + 1;
    if (timer) clearTimeout(timer);
    timer = setTimeout(again, allSent ? RETRY_MAX_DELAY_MS : retryDelayMs(failures));
  };
  function again(): void {
    if (timer) clearTimeout(timer);
    timer = null;
    sendWaitingShingleSaves(userId).then(next, (error: unknown) => {
      console.warn('The shingle outbox could not be sent', error);
      next(false);
    });
  }
  again();
  const unsubscribe = browserNetwork.subscribe((online) => {
    if (online) again();
  });
  return () => {
    held = false;
    unsubscribe();
    if (timer) clearTimeout(timer);
    timer = null;
  };
}

/** The first save kept on a device that had no outbox: sending starts from there (the shell starts it after a reload). */
const held = new Set<string>();
function keepSending(userId: string): void {
  if (held.has(userId)) return;
  held.add(userId);
  holdShingleOutbox(userId);
}

export type SaveOutcome = { sent: ShingleIdentification } | { kept: WaitingShingleSave } | { refused: string };

/**
 * Keeps the identification on this device, then sends it if there is a connection. `sent`: the
 * server saved it; `kept`: it waits on this device to be sent; `refused`: the server said no (it is
 * not kept, the screen shows why).
 */
export async function saveShingleIdentification(save: Omit<WaitingShingleSave, 'createdAt' | 'error'>): Promise<SaveOutcome> {
  const kept: WaitingShingleSave = { ...save, createdAt: Date.now(), error: null };
  await shingleOutboxDb().saves.put(kept);
  if (!browserNetwork.isOnline()) {
    keepSending(save.userId);
    return { kept };
  }
  try {
    const identification = await send(kept);
    await sent(kept);
    return { sent: identification };
  } catch (error) {
    if (!refused(error)) {
      keepSending(save.userId);
      return { kept };
    }
    await shingleOutboxDb().saves.delete(kept.id);
    return { refused: errorText(error) };
  }
}

/** Gives up a save the server refused: it leaves this device. */
export async function discardShingleSave(id: string): Promise<void> {
  await shingleOutboxDb().saves.delete(id);
}

/** The user's identifications saved on this device and not yet on the server, oldest first (live). */
export function useWaitingShingleSaves(userId: string | null): WaitingShingleSave[] {
  return (
    useLiveQuery(
      async () => (userId ? shingleOutboxDb().saves.where('[userId+createdAt]').between([userId, 0], [userId, Number.MAX_SAFE_INTEGER]).toArray() : []),
      [userId],
    ) ?? []
  );
}
