import { useId, useState } from 'react';
import type { ReportDocument, ReportPhoto } from '@ridgeline/shared/contracts/documents';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle, DialogTrigger } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { placedPhotoIds } from './document-edits';
import { defaultCaption, photoLabel, thumbUrl } from './photo-words';

// "Add photos": the source's photos not in the report yet, to tick and add at the end of a section.

type Props = {
  document: ReportDocument;
  photos: readonly Photo[];
  loading: boolean;
  error: string | null;
  onAdd: (sectionId: string, photos: ReportPhoto[]) => void;
};

export function AddPhotosDialog({ document, photos, loading, error, onAdd }: Props) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [sectionId, setSectionId] = useState('');
  const placed = placedPhotoIds(document);
  const available = photos.filter((p) => !placed.has(p.id));
  const target = document.sections.some((s) => s.id === sectionId) ? sectionId : (document.sections[0]?.id ?? '');

  const toggle = (photoId: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(photoId);
      else next.delete(photoId);
      return next;
    });

  const add = () => {
    const picked = available.filter((p) => chosen.has(p.id)).map((p) => ({ photoId: p.id, caption: defaultCaption(p) }));
    onAdd(target, picked);
    setChosen(new Set());
    setOpen(false);
  };

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary">Add photos</Button>
      </DialogTrigger>
      <DialogContent closeLabel="Close" className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add photos</DialogTitle>
          <DialogDescription>The photos of this claim file or inspection that are not in the report yet.</DialogDescription>
        </DialogHeader>
        {error && <Alert>{error}</Alert>}
        {loading ? (
          <p className="text-sm text-slate-700">Loading photos…</p>
        ) : available.length === 0 ? (
          <p className="text-sm text-slate-700">Every photo is in the report already.</p>
        ) : (
          <ul aria-label="Photos to add" className="grid grid-cols-2 gap-2 sm:grid-cols-3">
            {available.map((photo) => {
              const src = thumbUrl(photo);
              const boxId = `${id}-${photo.id}`;
              return (
                <li key={photo.id} className="flex flex-col gap-1 rounded-md border border-slate-200 p-2">
                  {src && <img src={src} alt="" className="aspect-[4/3] w-full rounded object-cover" />}
                  <div className="flex min-h-11 items-center gap-2">
                    <Checkbox id={boxId} checked={chosen.has(photo.id)} onCheckedChange={(c) => toggle(photo.id, c === true)} />
                    <Label htmlFor={boxId} className="font-normal">
                      {defaultCaption(photo) || photoLabel(photo)}
                    </Label>
                  </div>
                </li>
              );
            })}
          </ul>
        )}
        {document.sections.length === 0 ? (
          <Alert tone="info">Add a section first.</Alert>
        ) : (
          <Field id={`${id}-section`} label="Add to section">
            <NativeSelect value={target} onChange={(e) => setSectionId(e.target.value)}>
              {document.sections.map((s, i) => (
                <option key={s.id} value={s.id}>
                  {s.title || `Section ${i + 1}`}
                </option>
              ))}
            </NativeSelect>
          </Field>
        )}
        <DialogFooter>
          <Button disabled={chosen.size === 0 || !target} onClick={add}>
            {chosen.size === 1 ? 'Add 1 photo' : `Add ${chosen.size} photos`}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
