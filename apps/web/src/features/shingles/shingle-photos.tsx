import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { SHINGLE_PHOTO_KINDS, SHINGLE_PHOTO_LABELS, SHINGLE_PHOTOS_MAX, type ShinglePhoto, type ShinglePhotoKind } from '@ridgeline/shared/contracts/shingles';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Field } from '../../components/ui/field';
import { Input } from '../../components/ui/input';
import { useQueuedPhotoPreview, useQueuedPhotos, type QueuedPhotoView } from '../../offline/upload-queue';
import { newId } from '../../offline/outbox/ids';

// The shingle's photos: picked on /shingle-id (kept in memory until the identification is saved, then
// queued on the device with it), and shown with a saved identification. What each says is true:
// "Uploaded" only for a photo the server holds (it was decoded whole when it arrived); "On this
// device" for one queued here and not sent yet.

/** A photo picked and not saved yet. */
export type PickedPhoto = { key: string; kind: ShinglePhotoKind; file: File; url: string };

/** The kinds of photo a shingle photo may be: the file types the server takes. */
export const SHINGLE_PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp';

/** `children`: shown under the picked photos (the suggestions from the face photo, when offered). */
export function PhotoPicker({ photos, onChange, children }: { photos: PickedPhoto[]; onChange: (next: PickedPhoto[]) => void; children?: ReactNode }) {
  // Each picked photo's preview address is given back when it leaves the list, or the screen.
  const shown = useRef<PickedPhoto[]>([]);
  useEffect(() => {
    for (const gone of shown.current) if (!photos.includes(gone)) URL.revokeObjectURL(gone.url);
    shown.current = photos;
  }, [photos]);
  useEffect(() => () => shown.current.forEach((photo) => URL.revokeObjectURL(photo.url)), []);
  const add = (kind: ShinglePhotoKind, files: FileList | null) => {
    const room = SHINGLE_PHOTOS_MAX - photos.length;
    const picked = Array.from(files ?? [])
      .slice(0, Math.max(0, room))
      .map((file) => ({ key: newId(), kind, file, url: URL.createObjectURL(file) }));
    onChange([...photos, ...picked]);
  };
  const remove = (key: string) => onChange(photos.filter((photo) => photo.key !== key));
  return (
    <fieldset className="flex flex-col gap-3">
      <legend className="mb-2 text-base font-semibold text-slate-900">Photos</legend>
      <p className="text-sm text-slate-700">
        Take the face, the back, a tape across the exposure and the release tape. They are kept on this phone with the identification when you save, and
        uploaded when there is a connection.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {SHINGLE_PHOTO_KINDS.map((kind) => (
          <Field key={kind} id={`shingle-photo-${kind}`} label={SHINGLE_PHOTO_LABELS[kind]}>
            <Input
              type="file"
              accept={SHINGLE_PHOTO_ACCEPT}
              capture="environment"
              disabled={photos.length >= SHINGLE_PHOTOS_MAX}
              onChange={(event) => {
                add(kind, event.currentTarget.files);
                event.currentTarget.value = '';
              }}
            />
          </Field>
        ))}
      </div>
      {photos.length > 0 && (
        <ul aria-label="Photos picked" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {photos.map((photo) => (
            <li key={photo.key} className="flex min-w-0 flex-col gap-1">
              <img src={photo.url} alt={SHINGLE_PHOTO_LABELS[photo.kind]} className="aspect-square w-full rounded-md object-cover" />
              <span className="text-sm text-slate-800">{SHINGLE_PHOTO_LABELS[photo.kind]}</span>
              <Badge tone="neutral">Not saved yet</Badge>
              <Button type="button" variant="secondary" size="sm" onClick={() => remove(photo.key)}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {children}
    </fieldset>
  );
}

function QueuedShinglePhoto({ photo }: { photo: QueuedPhotoView }) {
  const preview = useQueuedPhotoPreview(photo.id);
  const label = photo.shingle ? SHINGLE_PHOTO_LABELS[photo.shingle.kind] : 'Photo';
  return (
    <li className="flex min-w-0 flex-col gap-1">
      {preview ? (
        <img src={preview} alt={label} className="aspect-square w-full rounded-md object-cover" />
      ) : (
        <div className="aspect-square w-full rounded-md bg-slate-100" />
      )}
      <span className="text-sm text-slate-800">{label}</span>
      {photo.status === 'completed' ? (
        <Badge tone="success">Uploaded</Badge>
      ) : photo.status === 'failed' ? (
        <Badge tone="danger">{photo.error ?? 'Failed to upload photo'}</Badge>
      ) : (
        <Badge tone="warning">
          {photo.status === 'uploading'
            ? `Uploading ${photo.progress}%`
            : `On this device, waiting to upload${photo.waitReason ? `: ${photo.waitReason}` : ''}`}
        </Badge>
      )}
    </li>
  );
}

/** A saved identification's photos: those the server holds, then those still queued on this device. */
export function IdentificationPhotos({ identificationId, stored, onUploaded }: { identificationId: string; stored: ShinglePhoto[]; onUploaded: () => void }) {
  const queued = useQueuedPhotos({ sessionId: identificationId });
  const onServer = useMemo(() => new Set(stored.map((photo) => photo.id)), [stored]);
  const waiting = queued.filter((photo) => photo.shingle && !onServer.has(photo.storedId ?? photo.id));
  const arrived = waiting.filter((photo) => photo.status === 'completed').length;
  // A photo the queue just sent is read back from the server, which then lists it.
  useEffect(() => {
    if (arrived > 0) onUploaded();
  }, [arrived, onUploaded]);
  if (stored.length === 0 && waiting.length === 0) return <p className="text-sm text-slate-700">No photos were taken.</p>;
  return (
    <ul aria-label="Photos" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {stored.map((photo) => (
        <li key={photo.id} className="flex min-w-0 flex-col gap-1">
          <img src={photo.url} alt={SHINGLE_PHOTO_LABELS[photo.kind]} className="aspect-square w-full rounded-md object-cover" />
          <span className="text-sm text-slate-800">{SHINGLE_PHOTO_LABELS[photo.kind]}</span>
          <Badge tone="success">Uploaded</Badge>
        </li>
      ))}
      {waiting.map((photo) => (
        <QueuedShinglePhoto key={photo.id} photo={photo} />
      ))}
    </ul>
  );
}
