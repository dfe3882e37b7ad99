// Starts the upload queue for the signed-in user once the browser is idle, and only on a device that
// has a queue (its database exists: photos were queued here before). Queueing the first photo starts
// the queue from the capture screen instead. Only this file and presence.ts are imported by the shell.
import { deviceHasDatabase, startWhenIdle } from '../start-when-idle';
import { UPLOAD_DB_NAME } from './presence';

/** Whether this device may have queued photos: false only when IndexedDB says the queue's database does not exist. */
export function deviceHasUploadQueue(): Promise<boolean> {
  return deviceHasDatabase(UPLOAD_DB_NAME);
}

/** Starts sending `userId`'s queued photos when idle; the returned function stops it (sign-out, another user). */
export function startUploadQueueWhenIdle(userId: string): () => void {
  return startWhenIdle({ name: 'The upload queue', database: UPLOAD_DB_NAME, start: async () => (await import('./index')).startUploadQueue(userId) });
}

/** This user's photos not uploaded yet, or 0 when the queue cannot be read (nothing is ever deleted on sign-out). */
export async function countWaitingPhotos(userId: string): Promise<number> {
  try {
    if (!(await deviceHasUploadQueue())) return 0;
    const queue = await import('./index');
    return await queue.countWaitingUploads(userId);
  } catch (error) {
    console.warn('The upload queue could not be read', error);
    return 0;
  }
}
