import type { Photo } from '@ridgeline/shared/contracts/photos';
import type { CapturePhase } from '@ridgeline/shared/domain/field-capture';
import { PenLine, Trash2 } from 'lucide-react';
import { Link } from 'react-router';
import { Badge, type BadgeTone } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/session-provider';
import { notify } from '../../../lib/toast';
import { discardFailedUpload, useQueuedPhotoPreview, type QueuedPhotoView } from '../../../offline/upload-queue';
import { AnnotationOverlay, photoBox } from '../../../components/annotation-overlay';
import { photoTakenWords, ProvenanceFlags } from '../photo-provenance';
import { PhotoPreview } from './photo-preview';
import { photoTagLabel } from './photo-words';
import { paths } from '../../../lib/paths';

// The photos taken in this phase: the ones still on this device with their upload state (a failed
// one with the reason, and a way to remove it from the phone), then the ones already on the server
// (with their drawing and a way to annotate them). A photo the phone cannot draw (HEIC on most
// phones) shows a placeholder naming its shot until the server's thumbnail is there.

const STATUS: Record<QueuedPhotoView['status'], { tone: BadgeTone; words: (p: QueuedPhotoView) => string }> = {
  pending: { tone: 'neutral', words: (p) => (p.waitReason ? `Waiting to upload: ${p.waitReason}` : 'Waiting to upload') },
  uploading: { tone: 'info', words: (p) => `Uploading ${Math.round(p.progress)}%` },
  completed: { tone: 'success', words: () => 'Uploaded' },
  failed: { tone: 'danger', words: (p) => p.error ?? 'Failed' },
};

function QueuedThumb({ photo }: { photo: QueuedPhotoView }) {
  const preview = useQueuedPhotoPreview(photo.id);
  const userId = useSession().user?.id;
  const status = STATUS[photo.status];
  const label = photoTagLabel(photo.metadata);
  const remove = async () => {
    if (!userId) return;
    try {
      if (await discardFailedUpload(userId, photo.id)) notify.success('Photo removed', `${label} was removed from this phone.`);
    } catch (error) {
      notify.error('Photo not removed', errorText(error));
    }
  };
  return (
    <li className="flex min-w-0 flex-col gap-1" data-queued-photo={photo.id} data-status={photo.status}>
      <div className="aspect-[4/3] overflow-hidden rounded-md bg-slate-200">
        <PhotoPreview src={preview} label={label} mimeType={photo.mimeType} />
      </div>
      <span className="truncate text-xs font-semibold text-slate-900">{label}</span>
      <Badge tone={status.tone} className="max-w-full self-start whitespace-normal">
        {status.words(photo)}
      </Badge>
      {photo.status === 'failed' && (
        <Button variant="secondary" className="self-start" onClick={() => void remove()}>
          <Trash2 aria-hidden="true" className="size-4" />
          Remove<span className="sr-only"> {label} from this phone</span>
        </Button>
      )}
    </li>
  );
}

function UploadedThumb({ photo, sessionId }: { photo: Photo; sessionId: string }) {
  const box = photoBox(photo);
  const label = photoTagLabel(photo);
  // Before its thumbnail is made, a HEIC original is no image the phone can draw.
  const drawable = photo.thumbSmallUrl ?? (photo.mimeType === 'image/heic' || photo.mimeType === 'image/heif' ? null : photo.url);
  return (
    <li className="flex min-w-0 flex-col gap-1" data-photo={photo.id}>
      <div className="relative overflow-hidden rounded-md bg-slate-200" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
        <PhotoPreview src={drawable} label={label} mimeType={photo.mimeType} lazy />
        <AnnotationOverlay annotation={photo.annotation} width={box.width} height={box.height} />
      </div>
      <span className="truncate text-xs font-semibold text-slate-900">{label}</span>
      <span className="text-xs break-words text-slate-700" data-taken="">
        {photoTakenWords(photo)}
      </span>
      <ProvenanceFlags photo={photo} />
      <Link
        to={paths.photoAnnotation(sessionId, photo.id)}
        className="inline-flex min-h-11 items-center gap-1 text-sm font-semibold text-blue-800 underline-offset-2 hover:underline"
      >
        <PenLine aria-hidden="true" className="size-4" />
        Annotate<span className="sr-only"> {label}</span>
      </Link>
    </li>
  );
}

export function PhaseThumbnails({
  sessionId,
  phase,
  uploaded,
  queued,
}: {
  sessionId: string;
  phase: CapturePhase;
  uploaded: readonly Photo[];
  queued: readonly QueuedPhotoView[];
}) {
  const waiting = queued.filter((q) => q.metadata.phase === phase && q.status !== 'completed');
  const queuedIds = new Set(waiting.map((q) => q.id));
  const done = uploaded.filter((p) => p.phase === phase && !queuedIds.has(p.id));
  // A completed queue item not yet in the server's list still shows (the list is read again shortly).
  const doneIds = new Set(done.map((p) => p.id));
  const justUploaded = queued.filter((q) => q.metadata.phase === phase && q.status === 'completed' && !doneIds.has(q.storedId ?? q.id));
  if (waiting.length + done.length + justUploaded.length === 0) return null;
  return (
    <section aria-labelledby="phase-photos-title" className="flex flex-col gap-2">
      <h2 id="phase-photos-title" className="text-lg font-semibold text-slate-950">
        Photos in this phase
      </h2>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {[...waiting, ...justUploaded].map((photo) => (
          <QueuedThumb key={photo.id} photo={photo} />
        ))}
        {done.map((photo) => (
          <UploadedThumb key={photo.id} photo={photo} sessionId={sessionId} />
        ))}
      </ul>
    </section>
  );
}
