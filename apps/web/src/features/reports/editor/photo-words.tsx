import type { Photo } from '@ridgeline/shared/contracts/photos';
import { annotationToSvg } from '@ridgeline/shared/domain/annotation';
import { categoryLabel, subcategoryLabel } from '@ridgeline/shared/domain/field-capture';
import { placeWords, takenWords } from '@ridgeline/shared/domain/photo-provenance';
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
  const width = photo.width ?? 1000;
  const height = photo.height ?? 750;
  const drawing = annotationToSvg(photo.annotation, width, height);
  if (drawing.elements.length === 0) return null;
  return (
    <svg
      viewBox={drawing.viewBox}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 size-full"
      aria-hidden="true"
      data-testid="annotation-overlay"
    >
      {drawing.elements.map((e) => {
        switch (e.kind) {
          case 'line':
            return <line key={e.key} x1={e.x1} y1={e.y1} x2={e.x2} y2={e.y2} stroke={e.stroke} strokeWidth={e.strokeWidth} strokeLinecap="round" />;
          case 'polygon':
            return <polygon key={e.key} points={e.points} fill={e.fill} />;
          case 'ellipse':
            return <ellipse key={e.key} cx={e.cx} cy={e.cy} rx={e.rx} ry={e.ry} stroke={e.stroke} strokeWidth={e.strokeWidth} fill="none" />;
          case 'path':
            return <path key={e.key} d={e.d} stroke={e.stroke} strokeWidth={e.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round" />;
          case 'text':
            return (
              <text
                key={e.key}
                x={e.x}
                y={e.y}
                fill={e.fill}
                fontSize={e.fontSize}
                stroke={e.stroke}
                strokeWidth={e.strokeWidth}
                paintOrder="stroke"
                fontWeight={700}
              >
                {e.text}
              </text>
            );
        }
      })}
    </svg>
  );
}
