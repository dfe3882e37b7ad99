import type { Photo } from '@ridgeline/shared/contracts/photos';
import { PHOTO_RESTORE_DAYS } from '@ridgeline/shared/domain/field-capture';
import { canChangeMadeBy } from '@ridgeline/shared/domain/roles';
import { ArrowRightLeft, PenLine, RotateCcw, Tag, Trash2 } from 'lucide-react';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { useMe } from '../../../lib/api/me';
import { errorText } from '../../../lib/error-text';
import { notify } from '../../../lib/toast';
import { useDeletePhoto } from '../api/photo-delete';
import { useRestorePhoto } from '../api/photo-restore';
import { AnnotationOverlay, photoBox } from '../../../components/annotation-overlay';
import { formatDateTime, phaseLabel, photoTagLabel, photoTypeLabel } from '../capture/photo-words';
import { MoveForm, RetagForm } from './photo-forms';
import { placeSourceWords, timeSourceWords } from '@ridgeline/shared/domain/photo-provenance';
import { photoTakenWords, ProvenanceFlags } from '../photo-provenance';
import { paths } from '../../../lib/paths';

// One photo large, with its drawing, where and when it was taken, who uploaded it, and what can be
// done with it: annotate, retag, move, delete (restorable for 30 days), or restore a deleted one.
// Delete and restore are offered to whoever may (photos.policy.ts on the server): the person who
// took the photo, and owners and managers.

/** Why a member sees no Delete or Restore on a colleague's photo. */
export const PHOTO_RIGHTS_TEXT = 'Only the person who took this photo, or an owner or manager, can delete or restore it.';

type Mode = 'view' | 'retag' | 'move';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col">
      <dt className="text-xs font-semibold text-slate-700 uppercase">{term}</dt>
      <dd className="text-sm text-slate-950">{children}</dd>
    </div>
  );
}

export function PhotoLightbox({ photo, onClose }: { photo: Photo | null; onClose: () => void }) {
  const [mode, setMode] = useState<Mode>('view');
  const remove = useDeletePhoto();
  const restore = useRestorePhoto();
  const me = useMe().data;
  const role = me?.company?.role ?? null;
  const mayRemove = (target: Photo) => me !== undefined && role !== null && canChangeMadeBy(role, me.id, target.uploadedBy?.id ?? null);

  function close() {
    setMode('view');
    onClose();
  }

  async function onDelete(target: Photo) {
    try {
      await remove.mutateAsync(target.id);
      notify.success('Photo deleted', `You can restore it from Recently deleted for ${PHOTO_RESTORE_DAYS} days.`);
      close();
    } catch (error) {
      notify.error('Photo not deleted', errorText(error));
    }
  }

  async function onRestore(target: Photo) {
    try {
      await restore.mutateAsync(target.id);
      notify.success('Photo restored', 'It is back in the gallery.');
      close();
    } catch (error) {
      notify.error('Photo not restored', errorText(error));
    }
  }

  const box = photo ? photoBox(photo) : null;
  const canRemove = photo !== null && mayRemove(photo);
  const label = photo ? photoTagLabel(photo) : '';
  return (
    <Dialog open={photo !== null} onOpenChange={(open) => !open && close()}>
      {photo && box && (
        <DialogContent closeLabel="Close" className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{label}</DialogTitle>
            <DialogDescription>{photo.deletedAt ? `Deleted. Restorable until ${formatDateTime(photo.purgeAt)}.` : photo.fileName}</DialogDescription>
          </DialogHeader>
          <div className="relative w-full overflow-hidden rounded-md bg-slate-900" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
            <img src={photo.thumbLargeUrl ?? photo.url} alt={label} className="size-full object-contain" />
            <AnnotationOverlay annotation={photo.annotation} width={box.width} height={box.height} />
          </div>

          {mode === 'view' && (
            <>
              <dl className="grid grid-cols-2 gap-3">
                {photo.phase && <Detail term="Phase">{phaseLabel(photo.phase)}</Detail>}
                {photo.photoType && <Detail term="Type">{photoTypeLabel(photo.photoType)}</Detail>}
                <Detail term="Taken">
                  {photo.capturedAt ? formatDateTime(photo.capturedAt) : photoTakenWords(photo)}
                  {photo.capturedAt && ` (${timeSourceWords(photo.capturedAtSource)})`}
                </Detail>
                <Detail term="GPS">
                  {photo.gps ? (
                    <a
                      className="text-blue-800 underline"
                      href={`https://www.google.com/maps?q=${photo.gps.lat},${photo.gps.lng}`}
                      target="_blank"
                      rel="noreferrer"
                    >
                      {photo.gps.lat.toFixed(5)}, {photo.gps.lng.toFixed(5)}
                    </a>
                  ) : (
                    'None'
                  )}
                  {photo.gps && ` (${placeSourceWords(photo.gpsSource, false)})`}
                </Detail>
                {photo.deviceGps && (
                  <Detail term="Device at upload">
                    {photo.deviceGps.lat.toFixed(5)}, {photo.deviceGps.lng.toFixed(5)} (where the phone was when it was added, not where the photo was taken)
                  </Detail>
                )}
                {photo.flags.length > 0 && (
                  <div className="col-span-2">
                    <Detail term="Flags">
                      <ProvenanceFlags photo={photo} />
                    </Detail>
                  </div>
                )}
                <Detail term="Uploaded by">{photo.uploadedBy?.name ?? 'A former member'}</Detail>
                <Detail term="Received">{formatDateTime(photo.receivedAt)}</Detail>
                {photo.notes && (
                  <div className="col-span-2">
                    <Detail term="Notes">{photo.notes}</Detail>
                  </div>
                )}
              </dl>
              {!canRemove && role !== null && <p className="text-sm text-slate-700">{PHOTO_RIGHTS_TEXT}</p>}
              {photo.deletedAt ? (
                canRemove && (
                  <Button size="lg" disabled={restore.isPending} onClick={() => void onRestore(photo)}>
                    <RotateCcw aria-hidden="true" className="size-5" />
                    {restore.isPending ? 'Restoring…' : 'Restore photo'}
                  </Button>
                )
              ) : (
                <div className="grid grid-cols-2 gap-2">
                  {photo.sessionId && (
                    <Button asChild variant="secondary" size="lg">
                      <Link to={paths.photoAnnotation(photo.sessionId, photo.id)}>
                        <PenLine aria-hidden="true" className="size-5" />
                        Annotate
                      </Link>
                    </Button>
                  )}
                  <Button variant="secondary" size="lg" onClick={() => setMode('retag')}>
                    <Tag aria-hidden="true" className="size-5" />
                    Retag
                  </Button>
                  <Button variant="secondary" size="lg" onClick={() => setMode('move')}>
                    <ArrowRightLeft aria-hidden="true" className="size-5" />
                    Move
                  </Button>
                  {canRemove && (
                    <Button variant="destructive-outline" size="lg" disabled={remove.isPending} onClick={() => void onDelete(photo)}>
                      <Trash2 aria-hidden="true" className="size-5" />
                      {remove.isPending ? 'Deleting…' : 'Delete'}
                    </Button>
                  )}
                </div>
              )}
            </>
          )}
          {mode === 'retag' && <RetagForm photo={photo} onDone={() => setMode('view')} />}
          {mode === 'move' && <MoveForm photo={photo} onDone={close} />}
        </DialogContent>
      )}
    </Dialog>
  );
}
