import type { AnnotationShape } from '@ridgeline/shared/contracts/photos';
import { annotationToSvg, type SvgElement } from '@ridgeline/shared/domain/annotation';
import type { ReactNode } from 'react';

// A drawing over a photo: an SVG the size of the photo's box, in the photo's coordinates, so the
// shapes land where they were drawn at any size. The inspection's galleries, lightbox and drawing
// editor use it, and the report editor's photos.

export function SvgShape({ element }: { element: SvgElement }) {
  switch (element.kind) {
    case 'line':
      return (
        <line x1={element.x1} y1={element.y1} x2={element.x2} y2={element.y2} stroke={element.stroke} strokeWidth={element.strokeWidth} strokeLinecap="round" />
      );
    case 'polygon':
      return <polygon points={element.points} fill={element.fill} />;
    case 'ellipse':
      return <ellipse cx={element.cx} cy={element.cy} rx={element.rx} ry={element.ry} stroke={element.stroke} strokeWidth={element.strokeWidth} fill="none" />;
    case 'path':
      return <path d={element.d} stroke={element.stroke} strokeWidth={element.strokeWidth} fill="none" strokeLinecap="round" strokeLinejoin="round" />;
    case 'text':
      return (
        <text
          x={element.x}
          y={element.y}
          fill={element.fill}
          fontSize={element.fontSize}
          stroke={element.stroke}
          strokeWidth={element.strokeWidth}
          paintOrder="stroke"
          fontWeight={700}
          fontFamily="system-ui, sans-serif"
        >
          {element.text}
        </text>
      );
  }
}

/** The drawing's SVG (absolutely placed over its positioned parent); nothing when there is no drawing. */
export function AnnotationOverlay({
  annotation,
  width,
  height,
  children,
}: {
  annotation: { shapes: readonly AnnotationShape[] } | null;
  width: number;
  height: number;
  children?: ReactNode;
}) {
  const drawing = annotationToSvg(annotation, width, height);
  if (drawing.elements.length === 0 && !children) return null;
  return (
    <svg
      viewBox={drawing.viewBox}
      preserveAspectRatio="none"
      className="pointer-events-none absolute inset-0 size-full"
      aria-hidden="true"
      data-testid="annotation-overlay"
    >
      {drawing.elements.map((element) => (
        <SvgShape key={element.key} element={element} />
      ))}
      {children}
    </svg>
  );
}

/** The box size a photo is drawn in: its pixels when known, else 4:3. */
export function photoBox(photo: { width: number | null; height: number | null }): { width: number; height: number } {
  return photo.width && photo.height ? { width: photo.width, height: photo.height } : { width: 1000, height: 750 };
}
