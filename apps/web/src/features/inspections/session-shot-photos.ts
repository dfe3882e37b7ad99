import { useMemo } from 'react';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { photoAlreadyUsedMessage, photoShotLabel } from '@ridgeline/shared/domain/field-capture';
import { buildShotList, photoFillsShot, type PhaseShotList, type ShotListPhoto, type ShotListStructure } from '@ridgeline/shared/domain/shot-list';
import { useQueuedPhotos, type QueuedPhotoView } from '../../offline/upload-queue';
import { usePhotos } from './api/photo-list';

// The photos a session's shot list counts, the same on every field screen (capture, overview,
// analysis): the server's photos and this device's queued ones on their way. A queued photo counts
// under the id the server keeps it by (the photo it already held, for the same file queued twice),
// so no photo counts twice; a failed one does not count, since the server does not hold it.

/** A photo as the shot list reads it. */
export function shotPhotoOf(photo: Pick<Photo, 'id' | 'category' | 'subcategory' | 'phase' | 'structureId'>): ShotListPhoto {
  return { id: photo.id, category: photo.category, subcategory: photo.subcategory, phase: photo.phase, structureId: photo.structureId };
}

/** A queued photo as the shot list reads it: under the id the server keeps it by once uploaded. */
function queuedShotPhoto(q: QueuedPhotoView): ShotListPhoto {
  return {
    id: q.storedId ?? q.id,
    category: q.metadata.category,
    subcategory: q.metadata.subcategory,
    phase: q.metadata.phase,
    structureId: q.metadata.structureId,
  };
}

/** The queued photos the shot list counts: every one not failed. */
export function queuedShotPhotos(queued: readonly QueuedPhotoView[]): ShotListPhoto[] {
  return queued.filter((q) => q.status !== 'failed').map(queuedShotPhoto);
}

/** The session's photos for the shot list: the server's (when read) and the queued ones. */
export function useSessionShotPhotos(sessionId: string, options: { readServer: boolean }) {
  const queued = useQueuedPhotos({ sessionId });
  const uploaded = usePhotos({ kind: 'session', id: sessionId }, {}, { enabled: options.readServer });
  const photos = useMemo(() => [...(uploaded.data?.photos ?? []).map(shotPhotoOf), ...queuedShotPhotos(queued)], [uploaded.data, queued]);
  return { photos, queued, uploaded };
}

/** A photo already in the session, by the file's SHA-256, with the shot it fills. */
export type KnownPhoto = { sha256: string; photo: ShotListPhoto };

/** The session's photos by file hash: the server's, and the queued ones on their way. */
export function knownPhotos(uploaded: readonly Photo[], queued: readonly QueuedPhotoView[]): KnownPhoto[] {
  return [
    ...uploaded.map((p) => ({ sha256: p.sha256, photo: shotPhotoOf(p) })),
    ...queued.filter((q) => q.status !== 'failed').map((q) => ({ sha256: q.sha256, photo: queuedShotPhoto(q) })),
  ];
}

export type PickDecision =
  | { kind: 'new' }
  /** The same file is already in this very shot: nothing to add. */
  | { kind: 'same-shot'; message: string }
  /** The same file already fills another shot: refused, as the server would. */
  | { kind: 'other-shot'; message: string };

/**
 * Whether a picked file (by its SHA-256) may be queued for `target` (the tags it would get): one
 * photo fills one shot. The shot is named as the shot list names it ("Front of house", "Main house:
 * Front"), else by its tags.
 */
export function decidePick(
  sha256: string,
  target: Pick<ShotListPhoto, 'category' | 'subcategory' | 'structureId'>,
  known: readonly KnownPhoto[],
  structures: readonly ShotListStructure[],
  phases: readonly PhaseShotList[],
): PickDecision {
  const found = known.find((k) => k.sha256 === sha256);
  if (!found) return { kind: 'new' };
  const defaultStructure = structures[0]?.id ?? null;
  const shot = phases.flatMap((p) => p.shots).find((s) => photoFillsShot(s, found.photo, defaultStructure));
  const label = shot?.label ?? photoShotLabel(found.photo);
  const sameShot =
    found.photo.category === target.category &&
    found.photo.subcategory === target.subcategory &&
    (found.photo.structureId ?? defaultStructure) === (target.structureId ?? defaultStructure);
  return sameShot ? { kind: 'same-shot', message: `This photo is already in ${label}.` } : { kind: 'other-shot', message: photoAlreadyUsedMessage(label) };
}

/** The shot list of the session's structures and photos (every phase). */
export function useShotList(structures: readonly ShotListStructure[], photos: readonly ShotListPhoto[]): PhaseShotList[] {
  return useMemo(() => buildShotList(structures, photos), [structures, photos]);
}
