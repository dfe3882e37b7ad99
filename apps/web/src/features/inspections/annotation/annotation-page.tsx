import type { Annotation } from '@ridgeline/shared/contracts/photos';
import { CloudOff } from 'lucide-react';
import { Link, useParams, useSearchParams } from 'react-router';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Skeleton } from '../../../components/ui/skeleton';
import { useDocumentTitle } from '../../../components/use-document-title';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useQueuedPhotos } from '../../../offline/upload-queue';
import { usePhoto } from '../api/photo';
import { useSavePhotoAnnotation } from '../api/photo-annotation-save';
import { usePhotos } from '../api/photo-list';
import { isUuid, photoTagLabel } from '../capture/photo-words';
import { SessionNotFound } from '../capture/session-not-found';
import { AnnotationEditor } from './annotation-editor';
import { AnnotationOverlay, photoBox } from '../../../components/annotation-overlay';
import { BackToSession } from '../components/back-to-session';

// /field-inspection/:sessionId/photo-annotation?photo=<id>: draw on one photo of the session. With
// no photo chosen it lists the session's photos to pick one. A photo still waiting in the upload
// queue cannot be drawn on yet: the page says so.

function PhotoPicker({ sessionId }: { sessionId: string }) {
  const photos = usePhotos({ kind: 'session', id: sessionId });
  if (photos.isPending) return <Skeleton className="h-48" />;
  if (photos.isError) return <Alert>{errorText(photos.error)}</Alert>;
  if (photos.data.photos.length === 0) return <EmptyState title="No uploaded photos yet">Photos can be annotated once they are uploaded.</EmptyState>;
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-label="Choose a photo">
      {photos.data.photos.map((photo) => {
        const box = photoBox(photo);
        return (
          <li key={photo.id}>
            <Link to={`?photo=${photo.id}`} className="flex flex-col gap-1 rounded-md focus-visible:outline-2 focus-visible:outline-blue-600">
              <span className="relative block overflow-hidden rounded-md bg-slate-200" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
                <img src={photo.thumbSmallUrl ?? photo.url} alt="" className="size-full object-cover" loading="lazy" />
                <AnnotationOverlay annotation={photo.annotation} width={box.width} height={box.height} />
              </span>
              <span className="text-sm font-semibold text-blue-800 underline-offset-2">Annotate {photoTagLabel(photo)}</span>
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

function PhotoEditor({ sessionId, photoId }: { sessionId: string; photoId: string }) {
  const photo = usePhoto(photoId);
  const queued = useQueuedPhotos({ sessionId }).find((q) => q.id === photoId);
  const save = useSavePhotoAnnotation();

  if (queued && queued.status !== 'completed' && (photo.isError || photo.isPending)) {
    return (
      <EmptyState icon={<CloudOff aria-hidden="true" className="size-8" />} title="This photo is not uploaded yet">
        <p>It is still waiting in the upload queue on this device. You can draw on it once it is uploaded.</p>
      </EmptyState>
    );
  }
  if (photo.isPending) return <Skeleton className="h-80" />;
  if (photo.isError) {
    const missing = photo.error instanceof ApiError && (photo.error.status === 404 || photo.error.status === 400);
    return <Alert>{missing ? 'This photo was not found. It may have been deleted or moved.' : errorText(photo.error)}</Alert>;
  }

  async function onSave(annotation: Annotation | null): Promise<boolean> {
    try {
      await save.mutateAsync({ id: photoId, annotation });
      notify.success('Annotation saved', 'The original photo is kept unchanged.');
      return true;
    } catch (error) {
      notify.error('Annotation not saved', errorText(error));
      return false;
    }
  }

  return <AnnotationEditor key={photo.data.id} photo={photo.data} alt={photoTagLabel(photo.data)} saving={save.isPending} onSave={onSave} />;
}

export default function AnnotationPage() {
  const { sessionId = '' } = useParams();
  const [search] = useSearchParams();
  const photoId = search.get('photo');
  useDocumentTitle('Photo Annotation');
  if (!isUuid(sessionId)) return <SessionNotFound />;
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-4">
      <header className="flex flex-col gap-1">
        <BackToSession sessionId={sessionId}>Back to the inspection</BackToSession>
        <h1 className="text-2xl font-bold text-slate-950">Photo annotation</h1>
        <p className="text-slate-800">Draw arrows, circles and text over the photo. The original photo is kept as it was taken.</p>
      </header>
      {photoId && !isUuid(photoId) ? (
        <Alert>This photo was not found. It may have been deleted or moved.</Alert>
      ) : photoId ? (
        <>
          <PhotoEditor sessionId={sessionId} photoId={photoId} />
          <Button asChild variant="secondary" size="lg">
            <Link to="?">Choose another photo</Link>
          </Button>
        </>
      ) : (
        <PhotoPicker sessionId={sessionId} />
      )}
    </div>
  );
}
