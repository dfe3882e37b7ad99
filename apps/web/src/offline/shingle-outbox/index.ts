// The shingle outbox: an identification saved on the phone is kept in IndexedDB under the id the
// phone gave it and sent to the server at once when there is a connection, when it returns
// otherwise. The server saves one identification per id, so a save sent twice (a lost answer, two
// tabs) is still one. Its photos wait in the upload queue until it has arrived (session-sync-gate.ts).
import { useLiveQuery } from 'dexie-react-hooks';
import { shingleIdentificationSchema, type ShingleIdentification } from '@ridgeline/shared/contracts/shingles';
import { api, ApiError } from '../../lib/api-client';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { uploadQueueUser } from '../upload-queue/presence';
import { shingleOutboxDb, type WaitingShingleSave } from './db';
import { emitShingleSaveSent } from './events';

export type { WaitingShingleSave } from './db';

/** While saves wait for the server, they are tried again this often (ms), in case the connection came back unnoticed. */
const RETRY_MS = 30_000;

/**
 * Whether the server refused the save itself (it would refuse it again). Not reaching it, a signed-out
 * session (401), a read-only company (402) or a busy server wait for another try.
 */
const REFUSALS = new Set([400, 403, 404, 409, 413, 415, 422]);
const refused = (error: unknown) => error instanceof ApiError && REFUSALS.has(error.status);

function send(save: WaitingShingleSave): Promise<ShingleIdentification> {
  return api.post('/api/shingles/identifications', save.input, { schema: shingleIdentificationSchema });
}

async function sent(save: WaitingShingleSave): Promise<void> {
  await shingleOutboxDb().saves.delete(save.id);
  emitShingleSaveSent(save.id);
}

let sending: Promise<void> | null = null;

/** Sends `userId`'s waiting identifications, oldest first; stops at the first that does not reach the server. */
export function sendWaitingShingleSaves(userId: string): Promise<void> {
  sending ??= (async () => {
    try {
      const waiting = await shingleOutboxDb().saves.where('[userId+createdAt]').between([userId, 0], [userId, Number.MAX_SAFE_INTEGER]).toArray();
      for (const save of waiting) {
        if (save.error !== null) continue;
        // Only the signed-in user's session sends their saves (the shell sets who that is).
        if (!navigator.onLine || uploadQueueUser.get() !== userId) return;
        try {
          await send(save);
          await sent(save);
          notify.success('Identification sent', save.label);
        } catch (error) {
          if (!refused(error)) return;
          await shingleOutboxDb().saves.update(save.id, { error: errorText(error) });
          notify.error('The server refused a saved identification', errorText(error));
        }
      }
    } finally {
      sending = null;
    }
  })();
  return sending;
}

/** Sends `userId`'s waiting identifications now, whenever the connection returns and every 30 s, until the returned function is called. */
export function holdShingleOutbox(userId: string): () => void {
  const again = () => void sendWaitingShingleSaves(userId);
  again();
  window.addEventListener('online', again);
  const timer = window.setInterval(again, RETRY_MS);
  return () => {
    window.removeEventListener('online', again);
    window.clearInterval(timer);
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
  if (!navigator.onLine) {
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
