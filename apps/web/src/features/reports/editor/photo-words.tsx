import type { Photo } from '@ridgeline/shared/contracts/photos';
import { categoryLabel, subcategoryLabel } from '@ridgeline/shared/domain/field-capture';
import { placeWords, takenWords } from '@ridgeline/shared/domain/photo-provenance';
import { AnnotationOverlay } from '../../../components/annotation-overlay';
import { formatDateTime } from '../../../lib/dates';

// How the editor names and draws a source photo: its label (subcategory, else category), the
// metadata lines printed under it, and its drawing as an SVG over the thumbnail.

export function photoLabel(photo: Photo | undefined): string {
  if (!photo) return 'Photo';
  return subcategoryLabel(photo.category, photo.subcategory) || categoryLabel(photo.category);
}

/** The caption a photo starts with when added: its notes, else its label. */
export function defaultCaption(photo: Photo): string {
  return (photo.notes ?? '').trim().slice(0, 300) || photoLabel(photo);
}

/** The name a photo goes by in buttons: its caption, else its place in the report. */
export function photoName(caption: string, n: number): string {
  const text = caption.trim();
  return text ? text : `${n}`;
}

/** The metadata printed under a photo: category, when it was taken (or added, without a camera time), where, and its flags. */
export function metadataLines(photo: Photo | undefined): string[] {
  if (!photo) return [];
  return [photoLabel(photo), takenWords(photo, formatDateTime), placeWords(photo) ?? 'No GPS', ...photo.flags.map((flag) => `Flag: ${flag.reason}`)];
}

export const thumbUrl = (photo: Photo | undefined) => photo?.thumbSmallUrl ?? photo?.url ?? null;

/** The photo's drawing, over its positioned parent; nothing when it has none. */
export function AnnotationSvg({ photo }: { photo: Photo | undefined }) {
  if (!photo?.annotation) return null;
  return <AnnotationOverlay annotation={photo.annotation} width={photo.width ?? 1000} height={photo.height ?? 750} />;
}
