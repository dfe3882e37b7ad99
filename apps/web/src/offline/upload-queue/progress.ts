import type { QueuedPhotoView } from './types';

// Upload progress in memory: the percent sent of each upload in flight. The engine writes it on each
// step and the screens read it (useSyncExternalStore), merged into the queued photos they get, so a
// progress step writes nothing to IndexedDB and no screen reads the queue again for it: the database
// changes only with a photo's status. Only the tab that holds the upload lock sends; it shares its
// steps with the device's other tabs over a BroadcastChannel, so they show the same percent.

/** The percents of the uploads in flight, by queued photo id. */
export type UploadProgress = {
  /** The percent sent of this photo's upload, or undefined when none is known here. */
  get: (id: string) => number | undefined;
  /** The engine's step (shared with the device's other tabs). */
  set: (id: string, percent: number) => void;
  /** The upload ended (its status is in the database now). */
  clear: (id: string) => void;
  /** Calls `listener` after every change; returns the unsubscribe. */
  subscribe: (listener: () => void) => () => void;
};

/** One step shared between tabs: a percent, or null once the upload ended. */
export type ProgressMessage = { id: string; percent: number | null };

/** How the device's tabs share the steps (a BroadcastChannel in the browser). */
export type ProgressChannel = {
  post: (message: ProgressMessage) => void;
  /** Calls `listener` with each message another tab posted (anything: it is checked here). */
  listen: (listener: (message: unknown) => void) => void;
};

function isProgressMessage(data: unknown): data is ProgressMessage {
  if (typeof data !== 'object' || data === null) return false;
  const { id, percent } = data as { id?: unknown; percent?: unknown };
  return typeof id === 'string' && (percent === null || (typeof percent === 'number' && Number.isFinite(percent)));
}

export function createUploadProgress(channel: ProgressChannel | null = null): UploadProgress {
  const percents = new Map<string, number>();
  const listeners = new Set<() => void>();
  const changed = () => {
    for (const listener of listeners) listener();
  };
  const apply = ({ id, percent }: ProgressMessage): boolean => {
    if (percent === null) return percents.delete(id);
    if (percents.get(id) === percent) return false;
    percents.set(id, percent);
    return true;
  };
  channel?.listen((data) => {
    if (isProgressMessage(data) && apply(data)) changed();
  });
  const change = (message: ProgressMessage) => {
    if (!apply(message)) return;
    channel?.post(message);
    changed();
  };
  return {
    get: (id) => percents.get(id),
    set: (id, percent) => change({ id, percent }),
    clear: (id) => change({ id, percent: null }),
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The name of the channel the device's tabs share upload progress on. */
export const UPLOAD_PROGRESS_CHANNEL = 'ridgeline-upload-progress';

/** The browser's channel between the device's tabs, or null where there is none. */
export function broadcastProgressChannel(name: string): ProgressChannel | null {
  if (typeof BroadcastChannel === 'undefined') return null;
  const channel = new BroadcastChannel(name);
  return {
    post: (message) => channel.postMessage(message),
    listen: (listener) => channel.addEventListener('message', (event: MessageEvent<unknown>) => listener(event.data)),
  };
}

/** What of `progress` the views show, as one string: it changes only when one of their percents does. */
function progressKey(views: readonly QueuedPhotoView[], progress: UploadProgress): string {
  let key = '';
  for (const view of views) if (view.status === 'uploading') key += `${view.id}:${progress.get(view.id) ?? ''};`;
  return key;
}

/** The views with the percent of each upload in flight (the database keeps 0 while uploading). */
export function withProgress(views: QueuedPhotoView[], progress: UploadProgress): QueuedPhotoView[] {
  let merged: QueuedPhotoView[] | null = null;
  for (const [index, view] of views.entries()) {
    const percent = view.status === 'uploading' ? progress.get(view.id) : undefined;
    if (percent === undefined || percent === view.progress) continue;
    merged ??= views.slice();
    merged[index] = { ...view, progress: percent };
  }
  return merged ?? views;
}

/**
 * A snapshot for useSyncExternalStore: the views with their percents, the same array again while
 * neither the views nor one of their percents changed (a step of another session's upload re-renders
 * nothing).
 */
export function progressSelector(): (views: QueuedPhotoView[], progress: UploadProgress) => QueuedPhotoView[] {
  let last: { views: QueuedPhotoView[]; key: string; merged: QueuedPhotoView[] } | null = null;
  return (views, progress) => {
    const key = progressKey(views, progress);
    if (last?.views === views && last.key === key) return last.merged;
    last = { views, key, merged: withProgress(views, progress) };
    return last.merged;
  };
}
