import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  useDroppable,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragOverEvent,
  type DroppableContainer,
  type KeyboardCoordinateGetter,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import { rectSortingStrategy, SortableContext, sortableKeyboardCoordinates, useSortable, verticalListSortingStrategy } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ArrowDown, ArrowUp, GripVertical, Trash2 } from 'lucide-react';
import { useId, useLayoutEffect, useRef, useState, type CSSProperties, type ReactNode } from 'react';
import type { ReportDocument, ReportSection } from '@ridgeline/shared/contracts/documents';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import { PHOTOS_PER_PAGE, type PhotosPerPage } from '@ridgeline/shared/domain/documents';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Textarea } from '../../../components/ui/textarea';
import { findPhoto, moveSection, movePhoto, removePhoto, removeSection, stepPhoto, updateCaption, updateSection } from './document-edits';
import { AnnotationSvg, photoLabel, photoName, thumbUrl } from './photo-words';

// The report's sections in order, each with its photos. Sections and photos are reordered by drag
// and drop (mouse, touch or keyboard: focus a handle, Space to pick up, arrows to move, Space to drop,
// Escape to cancel), a photo can be dragged into another section, and the Move up / Move down buttons
// do the same one step at a time on a phone. What a drag does is announced to screen readers.

const sectionKey = (id: string) => `s:${id}`;
const photoKey = (id: string) => `p:${id}`;
const zoneKey = (id: string) => `z:${id}`;
const kindOf = (key: UniqueIdentifier) => String(key).slice(0, 1) as 's' | 'p' | 'z';
const idOf = (key: UniqueIdentifier) => String(key).slice(2);

type Props = {
  document: ReportDocument;
  photos: ReadonlyMap<string, Photo>;
  showAnnotations: boolean;
  onChange: (document: ReportDocument) => void;
};

/** Where a dragged photo would land: a section and an index in it. */
function landing(document: ReportDocument, over: UniqueIdentifier): { sectionId: string; index: number } | null {
  if (kindOf(over) === 'p') {
    const at = findPhoto(document, idOf(over));
    const section = at ? document.sections[at.section] : undefined;
    return at && section ? { sectionId: section.id, index: at.index } : null;
  }
  const section = document.sections.find((s) => s.id === idOf(over));
  return section ? { sectionId: section.id, index: section.photos.length } : null;
}

export function SectionsEditor({ document, photos, showAnnotations, onChange }: Props) {
  // While a photo is dragged across sections, the moves are held here and kept (or dropped) at the end.
  const [dragging, setDragging] = useState<ReportDocument | null>(null);
  // A drag by keyboard scrolls to each place it moves to itself; scrolling by the edges as well would
  // shift the item away from the place the arrow keys chose.
  const [byKeyboard, setByKeyboard] = useState(false);
  const justPicked = useRef(false);
  // The photo a dragged photo entered another section over: it was put in that photo's place, so
  // still being over it means staying there.
  const enteredOver = useRef<UniqueIdentifier | null>(null);
  const shown = dragging ?? document;
  const current = useRef(shown);
  useLayoutEffect(() => {
    current.current = dragging ?? document;
  });
  const hold = (doc: ReportDocument | null) => {
    current.current = doc ?? document;
    setDragging(doc);
  };

  // The arrow keys step a photo to the next photo (or an empty section) that way, and a section to
  // the next section: the sections and drop areas around a photo are not places of their own.
  const keyboardCoordinates: KeyboardCoordinateGetter = (event, args) => {
    const all = args.context.droppableContainers;
    const kind = kindOf(args.active);
    const isEmpty = (key: UniqueIdentifier) => current.current.sections.find((s) => s.id === idOf(key))?.photos.length === 0;
    const keep = (key: UniqueIdentifier) => (kind === 's' ? kindOf(key) === 's' : kindOf(key) === 'p' || (kindOf(key) === 'z' && isEmpty(key)));
    const Same = all.constructor as new (entries: [UniqueIdentifier, DroppableContainer][]) => typeof all;
    const droppableContainers = new Same([...all.entries()].filter(([key]) => keep(key)));
    return sortableKeyboardCoordinates(event, { ...args, context: { ...args.context, droppableContainers } });
  };
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardCoordinates }),
  );

  const numbers = new Map<string, number>();
  shown.sections.forEach((s) => s.photos.forEach((p) => numbers.set(p.photoId, numbers.size + 1)));

  const describe = (key: UniqueIdentifier | undefined): string => {
    if (key === undefined) return '';
    const doc = current.current;
    if (kindOf(key) === 's') {
      const index = doc.sections.findIndex((s) => s.id === idOf(key));
      return `section ${doc.sections[index]?.title || index + 1}`;
    }
    const at = findPhoto(doc, idOf(key));
    const section = at ? doc.sections[at.section] : undefined;
    const photo = at ? section?.photos[at.index] : undefined;
    let n = 0;
    for (const s of doc.sections) {
      for (const p of s.photos) {
        n += 1;
        if (p.photoId === photo?.photoId) return `photo ${photoName(p.caption, n)}`;
      }
    }
    return 'photo';
  };
  /** Where the dragged item is, or would land over `over`: "position 2 of 3 in section Front". */
  const position = (key: UniqueIdentifier, over?: UniqueIdentifier): string => {
    const doc = current.current;
    if (kindOf(key) === 's') {
      const index = doc.sections.findIndex((s) => s.id === idOf(over ?? key));
      return `position ${index + 1} of ${doc.sections.length}`;
    }
    const from = findPhoto(doc, idOf(key));
    const to = over === undefined || over === enteredOver.current ? null : landing(doc, over);
    if (to) {
      const index = doc.sections.findIndex((s) => s.id === to.sectionId);
      const section = doc.sections[index];
      const count = (section?.photos.length ?? 0) + (from?.section === index ? 0 : 1);
      return `position ${Math.min(to.index, count - 1) + 1} of ${count} in section ${section?.title || index + 1}`;
    }
    const section = from ? doc.sections[from.section] : undefined;
    return from && section ? `position ${from.index + 1} of ${section.photos.length} in section ${section.title || from.section + 1}` : 'its place';
  };

  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      `Picked up ${describe(active.id)}, at ${position(active.id)}. Use the arrow keys to move it, Space to drop it, Escape to cancel.`,
    onDragOver: ({ active, over }) => {
      // The first "over" of a drag is the item's own place, already said when it was picked up.
      const first = justPicked.current;
      justPicked.current = false;
      if (first && over?.id === active.id) return undefined;
      return over ? `${describe(active.id)} is over ${position(active.id, over.id)}.` : `${describe(active.id)} is no longer over a place to drop.`;
    },
    onDragEnd: ({ active, over }) => (over ? `Dropped ${describe(active.id)} at ${position(active.id, over.id)}.` : `Dropped ${describe(active.id)}.`),
    onDragCancel: ({ active }) => `Moving ${describe(active.id)} was canceled; it is back where it was.`,
  };

  const collision: CollisionDetection = (args) => {
    if (kindOf(args.active.id) === 's') return closestCenter({ ...args, droppableContainers: args.droppableContainers.filter((c) => kindOf(c.id) === 's') });
    const photoTargets = args.droppableContainers.filter((c) => kindOf(c.id) === 'p');
    const zones = args.droppableContainers.filter((c) => kindOf(c.id) === 'z');
    const onPhoto = pointerWithin({ ...args, droppableContainers: photoTargets });
    if (onPhoto.length > 0) return onPhoto;
    const inZone = pointerWithin({ ...args, droppableContainers: zones });
    if (inZone.length > 0) return inZone;
    // The keyboard (no pointer): the nearest photo, or an empty section's drop area.
    const empty = zones.filter((z) => current.current.sections.find((s) => s.id === idOf(z.id))?.photos.length === 0);
    return closestCenter({ ...args, droppableContainers: [...photoTargets, ...empty] });
  };

  const onDragOver = ({ active, over }: DragOverEvent) => {
    if (!over || kindOf(active.id) !== 'p' || active.id === over.id) return;
    const doc = current.current;
    const from = findPhoto(doc, idOf(active.id));
    const to = landing(doc, over.id);
    if (!from || !to) return;
    // Only a move into another section happens while dragging; within a section the sortable list
    // shows the new place and the drop keeps it.
    if (doc.sections[from.section]?.id === to.sectionId) return;
    enteredOver.current = over.id;
    hold(movePhoto(doc, idOf(active.id), to.sectionId, to.index));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    const doc = current.current;
    hold(null);
    if (!over) {
      if (doc !== document) onChange(doc);
      return;
    }
    if (kindOf(active.id) === 's') {
      const from = doc.sections.findIndex((s) => s.id === idOf(active.id));
      const to = doc.sections.findIndex((s) => s.id === idOf(over.id));
      if (from >= 0 && to >= 0 && from !== to) onChange(moveSection(doc, from, to));
      return;
    }
    const to = over.id === enteredOver.current ? null : landing(doc, over.id);
    enteredOver.current = null;
    const next = to ? movePhoto(doc, idOf(active.id), to.sectionId, to.index) : doc;
    if (next !== document) onChange(next);
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collision}
      accessibility={{
        announcements,
        screenReaderInstructions: { draggable: 'To move it, press Space, then the arrow keys, then Space again to drop it or Escape to cancel.' },
      }}
      autoScroll={!byKeyboard}
      onDragStart={({ activatorEvent }) => {
        setByKeyboard(activatorEvent instanceof KeyboardEvent);
        justPicked.current = true;
        enteredOver.current = null;
        hold(document);
      }}
      onDragOver={onDragOver}
      onDragEnd={onDragEnd}
      onDragCancel={() => hold(null)}
    >
      <SortableContext items={shown.sections.map((s) => sectionKey(s.id))} strategy={verticalListSortingStrategy}>
        <ol aria-label="Sections" className="flex flex-col gap-4">
          {shown.sections.map((section, index) => (
            <SectionCard
              key={section.id}
              section={section}
              index={index}
              count={shown.sections.length}
              onSection={(patch) => onChange(updateSection(document, section.id, patch))}
              onStep={(delta) => onChange(moveSection(document, index, index + delta))}
              onRemove={() => onChange(removeSection(document, section.id))}
            >
              <SortableContext items={section.photos.map((p) => photoKey(p.photoId))} strategy={rectSortingStrategy}>
                <PhotoZone sectionId={section.id} title={section.title || `Section ${index + 1}`} empty={section.photos.length === 0}>
                  {section.photos.map((placed) => {
                    const n = numbers.get(placed.photoId) ?? 0;
                    return (
                      <PhotoCard
                        key={placed.photoId}
                        photoId={placed.photoId}
                        caption={placed.caption}
                        n={n}
                        photo={photos.get(placed.photoId)}
                        showAnnotations={showAnnotations}
                        first={n === 1}
                        last={n === numbers.size}
                        onCaption={(caption) => onChange(updateCaption(document, placed.photoId, caption))}
                        onStep={(delta) => onChange(stepPhoto(document, placed.photoId, delta))}
                        onRemove={() => onChange(removePhoto(document, placed.photoId))}
                      />
                    );
                  })}
                </PhotoZone>
              </SortableContext>
            </SectionCard>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function sortableStyle(transform: Parameters<typeof CSS.Transform.toString>[0], transition: string | undefined, isDragging: boolean): CSSProperties {
  return { transform: CSS.Translate.toString(transform), transition, zIndex: isDragging ? 20 : undefined, opacity: isDragging ? 0.85 : undefined };
}

type SectionCardProps = {
  section: ReportSection;
  index: number;
  count: number;
  onSection: (patch: Partial<Pick<ReportSection, 'title' | 'note' | 'layout'>>) => void;
  onStep: (delta: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
};

function SectionCard({ section, index, count, onSection, onStep, onRemove, children }: SectionCardProps) {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: sectionKey(section.id) });
  const name = section.title || `${index + 1}`;
  return (
    <li
      ref={setNodeRef}
      style={sortableStyle(transform, transition, isDragging)}
      className="relative rounded-lg border border-slate-200 bg-white p-3 shadow-sm"
      aria-label={`Section ${name}`}
      data-testid="report-section"
    >
      <div className="flex flex-wrap items-center gap-1">
        <Button
          ref={setActivatorNodeRef}
          variant="ghost"
          size="icon"
          className="cursor-grab touch-none"
          aria-label={`Move section ${name}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </Button>
        <span className="mr-auto text-sm font-semibold text-slate-700">Section {index + 1}</span>
        <Button variant="ghost" size="icon" aria-label={`Move section ${name} up`} disabled={index === 0} onClick={() => onStep(-1)}>
          <ArrowUp aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Move section ${name} down`} disabled={index === count - 1} onClick={() => onStep(1)}>
          <ArrowDown aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Remove section ${name}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>
      <div className="mt-2 grid gap-3 sm:grid-cols-[1fr_9rem]">
        <Field id={`${id}-title`} label="Section title">
          <Input value={section.title} maxLength={120} onChange={(e) => onSection({ title: e.target.value })} />
        </Field>
        <Field id={`${id}-layout`} label="Photos per page">
          <NativeSelect value={String(section.layout)} onChange={(e) => onSection({ layout: Number(e.target.value) as PhotosPerPage })}>
            {PHOTOS_PER_PAGE.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </NativeSelect>
        </Field>
      </div>
      <Field id={`${id}-note`} label="Note" className="mt-3">
        <Textarea rows={2} value={section.note} maxLength={500} onChange={(e) => onSection({ note: e.target.value })} />
      </Field>
      <div className="mt-3">{children}</div>
    </li>
  );
}

function PhotoZone({ sectionId, title, empty, children }: { sectionId: string; title: string; empty: boolean; children: ReactNode }) {
  const { setNodeRef, isOver } = useDroppable({ id: zoneKey(sectionId) });
  return (
    <div ref={setNodeRef} className={isOver ? 'rounded-md ring-2 ring-blue-600' : undefined}>
      {empty ? (
        <p className="rounded-md border border-dashed border-slate-300 p-4 text-center text-sm text-slate-700">
          No photos in this section: drag photos here or add them.
        </p>
      ) : (
        <ul aria-label={`Photos of ${title}`} className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {children}
        </ul>
      )}
    </div>
  );
}

type PhotoCardProps = {
  photoId: string;
  caption: string;
  n: number;
  photo: Photo | undefined;
  showAnnotations: boolean;
  first: boolean;
  last: boolean;
  onCaption: (caption: string) => void;
  onStep: (delta: -1 | 1) => void;
  onRemove: () => void;
};

function PhotoCard({ photoId, caption, n, photo, showAnnotations, first, last, onCaption, onStep, onRemove }: PhotoCardProps) {
  const id = useId();
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({ id: photoKey(photoId) });
  const name = photoName(caption, n);
  const src = thumbUrl(photo);
  return (
    <li
      ref={setNodeRef}
      style={sortableStyle(transform, transition, isDragging)}
      className="flex flex-col gap-2 rounded-md border border-slate-200 bg-slate-50 p-2"
      data-testid="report-photo"
      data-photo-id={photoId}
    >
      <div className="relative aspect-[4/3] overflow-hidden rounded bg-slate-200">
        {src ? (
          <img src={src} alt={photoLabel(photo)} className="size-full object-cover" draggable={false} />
        ) : (
          <span className="flex size-full items-center justify-center text-sm text-slate-700">{photo ? 'No preview yet' : 'Photo no longer available'}</span>
        )}
        {showAnnotations && <AnnotationSvg photo={photo} />}
        <span className="absolute top-1 left-1 rounded bg-white/90 px-1.5 text-xs font-semibold text-slate-900">{n}</span>
      </div>
      <Field id={`${id}-caption`} label={`Caption of photo ${n}`} labelClassName="text-xs">
        <Textarea rows={2} value={caption} maxLength={300} onChange={(e) => onCaption(e.target.value)} />
      </Field>
      <div className="flex items-center gap-1">
        <Button
          ref={setActivatorNodeRef}
          variant="ghost"
          size="icon"
          className="cursor-grab touch-none"
          aria-label={`Move photo ${name}`}
          {...attributes}
          {...listeners}
        >
          <GripVertical aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Move photo ${name} up`} disabled={first} onClick={() => onStep(-1)}>
          <ArrowUp aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="ghost" size="icon" aria-label={`Move photo ${name} down`} disabled={last} onClick={() => onStep(1)}>
          <ArrowDown aria-hidden="true" className="size-5" />
        </Button>
        <Button variant="ghost" size="icon" className="ml-auto" aria-label={`Remove photo ${name}`} onClick={onRemove}>
          <Trash2 aria-hidden="true" className="size-5" />
        </Button>
      </div>
    </li>
  );
}
