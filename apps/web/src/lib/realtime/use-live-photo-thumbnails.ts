import { useQueryClient, type Query } from '@tanstack/react-query';
import { useEffect } from 'react';
import { photosKey } from '../api/shared-keys';
import { subscribeRealtime } from './realtime-client';

// A photo's thumbnails are made after its upload, by a job: when they are stored the server tells
// every open page of the company (`photo-thumbnails`). Every read of photos that names the photo, its
// claim file or its session (the claim file's Photos tab, the session screen, the report editor, a
// proposal's photos, one photo) is read again, so the thumbnails replace the originals without a
// reload. The photos of one burst (a phone's queue uploads 8 at a time) are read once.

/** How long after a thumbnails event the photo reads wait for more of the same burst. */
export const PHOTO_REFRESH_DEBOUNCE_MS = 250;

/** Whether a query of photos names one of the ids (its key holds them as they are). */
export function namesAny(query: Pick<Query, 'queryKey'>, ids: ReadonlySet<string>): boolean {
  const [root, ...rest] = query.queryKey;
  return root === photosKey[0] && rest.some((part) => typeof part === 'string' && ids.has(part));
}

export function useLivePhotoThumbnails(): void {
  const client = useQueryClient();
  useEffect(() => {
    let pending = new Set<string>();
    let timer: ReturnType<typeof setTimeout> | null = null;
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type !== 'photo-thumbnails') return;
      for (const id of [event.photoId, event.projectId, event.sessionId]) if (id) pending.add(id);
      timer ??= setTimeout(() => {
        const ids = pending;
        pending = new Set();
        timer = null;
        void client.invalidateQueries({ queryKey: photosKey, predicate: (query) => namesAny(query, ids) });
      }, PHOTO_REFRESH_DEBOUNCE_MS);
    });
    return () => {
      unsubscribe();
      if (timer !== null) clearTimeout(timer);
    };
  }, [client]);
}
