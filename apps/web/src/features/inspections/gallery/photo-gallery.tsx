import type { Photo, PhotoListQuery } from '@ridgeline/shared/contracts/photos';
import {
  CAPTURE_PHASES,
  ELEVATIONS,
  PHOTO_CATEGORIES,
  PHOTO_RESTORE_DAYS,
  type CapturePhase,
  type Elevation,
  type PhotoCategory,
} from '@ridgeline/shared/domain/field-capture';
import { ImageOff } from 'lucide-react';
import { useId, useState } from 'react';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { Field } from '../../../components/ui/field';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { errorText } from '../../../lib/error-text';
import { usePhotos } from '../api/photo-list';
import type { PhotoSource } from '../../../lib/api/photos';
import { AnnotationOverlay, photoBox } from '../../../components/annotation-overlay';
import { formatDateTime, photoTagLabel } from '../capture/photo-words';
import { photoTakenWords, ProvenanceFlags } from '../photo-provenance';
import { PhotoLightbox } from './photo-lightbox';
import { ChoiceOptions } from '../../../components/choice-options';

// The photos of a session or of a project: filtered by category, phase and elevation, each with its
// drawing over it; a tap opens the lightbox. "Recently deleted" lists the photos still restorable.

type Filters = { category: PhotoCategory | ''; phase: CapturePhase | ''; elevation: Elevation | '' };
const NO_FILTERS: Filters = { category: '', phase: '', elevation: '' };

/** The list query of the filters: an elevation is the elevation category with that side as subcategory. */
export function galleryQuery(filters: Filters, deleted: boolean): PhotoListQuery {
  return {
    ...(filters.elevation ? { category: 'elevation', subcategory: filters.elevation } : filters.category ? { category: filters.category } : {}),
    ...(filters.phase ? { phase: filters.phase } : {}),
    ...(deleted ? { deleted: '1' } : {}),
  };
}

function PhotoTile({ photo, onOpen }: { photo: Photo; onOpen: () => void }) {
  const box = photoBox(photo);
  const label = photoTagLabel(photo);
  return (
    <li>
      <button
        type="button"
        onClick={onOpen}
        className="flex w-full flex-col gap-1 rounded-md text-left focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
        data-photo={photo.id}
      >
        <span className="relative block w-full overflow-hidden rounded-md bg-slate-200" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
          {photo.thumbSmallUrl || photo.url ? <img src={photo.thumbSmallUrl ?? photo.url} alt="" className="size-full object-cover" loading="lazy" /> : null}
          <AnnotationOverlay annotation={photo.annotation} width={box.width} height={box.height} />
        </span>
        <span className="truncate text-sm font-semibold text-slate-950">{label}</span>
        <span className="text-xs break-words text-slate-700" data-taken="">
          {photo.deletedAt ? `Restorable until ${formatDateTime(photo.purgeAt)}` : photoTakenWords(photo)}
        </span>
        <span className="sr-only">Open</span>
      </button>
      <ProvenanceFlags photo={photo} className="mt-1" />
    </li>
  );
}

function PhotoGrid({ source, query, emptyText, onOpen }: { source: PhotoSource; query: PhotoListQuery; emptyText: string; onOpen: (photo: Photo) => void }) {
  const photos = usePhotos(source, query);
  if (photos.isPending) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
        <p role="status" className="sr-only">
          Loading photos…
        </p>
        <Skeleton className="aspect-[4/3]" />
        <Skeleton className="aspect-[4/3]" />
      </div>
    );
  }
  if (photos.isError) {
    return (
      <div className="flex flex-col gap-2">
        <Alert>{errorText(photos.error)}</Alert>
        <Button variant="secondary" onClick={() => void photos.refetch()} className="self-start">
          Try again
        </Button>
      </div>
    );
  }
  if (photos.data.photos.length === 0) return <EmptyState icon={<ImageOff aria-hidden="true" className="size-8" />}>{emptyText}</EmptyState>;
  return (
    <>
      <p className="text-sm text-slate-700" aria-live="polite">
        {photos.data.photos.length} photo{photos.data.photos.length === 1 ? '' : 's'}
      </p>
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4" aria-label="Photos">
        {photos.data.photos.map((photo) => (
          <PhotoTile key={photo.id} photo={photo} onOpen={() => onOpen(photo)} />
        ))}
      </ul>
    </>
  );
}

/** A session's or a project's photo gallery (the session overview and the project's Photos tab show it). */
export function PhotoGallery({ source, title = 'Photos' }: { source: PhotoSource; title?: string }) {
  const id = useId();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [tab, setTab] = useState<'live' | 'deleted'>('live');
  const [openId, setOpenId] = useState<string | null>(null);
  const [openPhoto, setOpenPhoto] = useState<Photo | null>(null);
  const live = usePhotos(source, galleryQuery(filters, false), { enabled: tab === 'live' });
  const deleted = usePhotos(source, galleryQuery(filters, true), { enabled: tab === 'deleted' });
  // The open photo follows the list when it is read again (after a retag), until it leaves it.
  const current = (tab === 'live' ? live.data : deleted.data)?.photos.find((p) => p.id === openId) ?? (openId ? openPhoto : null);

  function open(photo: Photo) {
    setOpenId(photo.id);
    setOpenPhoto(photo);
  }

  const filtered = filters.category !== '' || filters.phase !== '' || filters.elevation !== '';
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3">
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-950">
        {title}
      </h2>
      <div className="grid grid-cols-1 gap-2 sm:grid-cols-3" role="search" aria-label="Filter photos">
        <Field id={`${id}-category`} label="Category">
          <NativeSelect
            value={filters.category}
            onChange={(event) => {
              const category = event.target.value as Filters['category'];
              setFilters((f) => ({ ...f, category, elevation: category === 'elevation' ? f.elevation : '' }));
            }}
          >
            <option value="">All categories</option>
            <ChoiceOptions choices={PHOTO_CATEGORIES} />
          </NativeSelect>
        </Field>
        <Field id={`${id}-phase`} label="Phase">
          <NativeSelect value={filters.phase} onChange={(event) => setFilters((f) => ({ ...f, phase: event.target.value as Filters['phase'] }))}>
            <option value="">All phases</option>
            <ChoiceOptions choices={CAPTURE_PHASES} />
          </NativeSelect>
        </Field>
        <Field id={`${id}-elevation`} label="Elevation">
          <NativeSelect
            value={filters.elevation}
            onChange={(event) => {
              const elevation = event.target.value as Filters['elevation'];
              setFilters((f) => ({ ...f, elevation, category: elevation ? 'elevation' : f.category }));
            }}
          >
            <option value="">All sides</option>
            <ChoiceOptions choices={ELEVATIONS} />
          </NativeSelect>
        </Field>
      </div>
      {filtered && (
        <Button variant="link" size="inline" className="self-start" onClick={() => setFilters(NO_FILTERS)}>
          Clear filters
        </Button>
      )}
      <Tabs value={tab} onValueChange={(value) => setTab(value === 'deleted' ? 'deleted' : 'live')}>
        <TabsList>
          <TabsTrigger value="live">All photos</TabsTrigger>
          <TabsTrigger value="deleted">Recently deleted</TabsTrigger>
        </TabsList>
        <TabsContent value="live" className="mt-3 flex flex-col gap-2">
          <PhotoGrid
            source={source}
            query={galleryQuery(filters, false)}
            emptyText={filtered ? 'No photos match these filters.' : 'No photos yet.'}
            onOpen={open}
          />
        </TabsContent>
        <TabsContent value="deleted" className="mt-3 flex flex-col gap-2">
          <p className="text-sm text-slate-700">{`Deleted photos can be restored for ${PHOTO_RESTORE_DAYS} days, then they are removed for good.`}</p>
          <PhotoGrid source={source} query={galleryQuery(filters, true)} emptyText="No recently deleted photos." onOpen={open} />
        </TabsContent>
      </Tabs>
      <PhotoLightbox
        photo={current}
        onClose={() => {
          setOpenId(null);
          setOpenPhoto(null);
        }}
      />
    </section>
  );
}
