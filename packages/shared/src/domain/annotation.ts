import { annotationSchema, type Annotation, type AnnotationShape } from '../contracts/photos';

// The annotation editing model: vector shapes over a photo in fractions of its width and height
// (0..1), edited with undo and redo, validated against the shared schema, and turned into SVG
// elements for any size the photo is shown at (the editor, galleries, reports). The photo's file is
// never touched: the drawing is stored beside it.

export type AnnotationEditor = {
  /** The shapes now, oldest first (drawn in this order). */
  shapes: readonly AnnotationShape[];
  past: readonly (readonly AnnotationShape[])[];
  future: readonly (readonly AnnotationShape[])[];
};

/** Undo keeps this many steps. */
export const ANNOTATION_HISTORY_LIMIT = 100;
/** The schema's limits, for the editor to respect before saving. */
export const ANNOTATION_MAX_SHAPES = 200;
export const FREEHAND_MAX_POINTS = 2000;

/** An editor over a saved annotation (or none). */
export function createAnnotationEditor(annotation: Annotation | null | undefined): AnnotationEditor {
  return { shapes: annotation?.shapes ?? [], past: [], future: [] };
}

function commit(editor: AnnotationEditor, shapes: readonly AnnotationShape[]): AnnotationEditor {
  if (shapes === editor.shapes) return editor;
  return { shapes, past: [...editor.past, editor.shapes].slice(-ANNOTATION_HISTORY_LIMIT), future: [] };
}

const clamp = (n: number) => Math.min(1, Math.max(0, Math.round(n * 10_000) / 10_000));

/** A shape with every coordinate inside the photo (0..1, four decimals) and a free-hand line thinned to the schema's limit. */
export function normalizeShape(shape: AnnotationShape): AnnotationShape {
  switch (shape.type) {
    case 'arrow':
      return { ...shape, x1: clamp(shape.x1), y1: clamp(shape.y1), x2: clamp(shape.x2), y2: clamp(shape.y2) };
    case 'circle':
      return { ...shape, cx: clamp(shape.cx), cy: clamp(shape.cy), rx: clamp(Math.abs(shape.rx)), ry: clamp(Math.abs(shape.ry)) };
    case 'freehand': {
      const points = shape.points.map(([x, y]) => [clamp(x), clamp(y)] as [number, number]);
      const step = Math.ceil(points.length / FREEHAND_MAX_POINTS);
      const thinned = step > 1 ? points.filter((_, i) => i % step === 0 || i === points.length - 1) : points;
      return { ...shape, points: thinned };
    }
    case 'text':
      return { ...shape, x: clamp(shape.x), y: clamp(shape.y), text: shape.text.trim() };
  }
}

/** Whether a shape is worth keeping: an arrow or circle with some size, a line of two points or more, text that is not blank. */
export function isMeaningfulShape(shape: AnnotationShape): boolean {
  switch (shape.type) {
    case 'arrow':
      return Math.hypot(shape.x2 - shape.x1, shape.y2 - shape.y1) >= 0.01;
    case 'circle':
      return shape.rx >= 0.005 && shape.ry >= 0.005;
    case 'freehand':
      return shape.points.length >= 2;
    case 'text':
      return shape.text.trim().length > 0;
  }
}

/** Adds a shape on top (ignored when it is too small to mean anything or the drawing is full). */
export function addShape(editor: AnnotationEditor, shape: AnnotationShape): AnnotationEditor {
  const normalized = normalizeShape(shape);
  if (!isMeaningfulShape(normalized) || editor.shapes.length >= ANNOTATION_MAX_SHAPES) return editor;
  return commit(editor, [...editor.shapes.filter((s) => s.id !== normalized.id), normalized]);
}

type ShapePatch = Partial<Omit<AnnotationShape, 'id' | 'type'>> & Record<string, unknown>;

/** Changes one shape (its colour, its text, where it is); its id and type stay. */
export function updateShape(editor: AnnotationEditor, id: string, patch: ShapePatch): AnnotationEditor {
  const index = editor.shapes.findIndex((s) => s.id === id);
  const current = editor.shapes[index];
  if (!current) return editor;
  const next = normalizeShape({ ...current, ...patch, id: current.id, type: current.type } as AnnotationShape);
  if (!isMeaningfulShape(next)) return editor;
  const shapes = [...editor.shapes];
  shapes[index] = next;
  return commit(editor, shapes);
}

export function removeShape(editor: AnnotationEditor, id: string): AnnotationEditor {
  if (!editor.shapes.some((s) => s.id === id)) return editor;
  return commit(
    editor,
    editor.shapes.filter((s) => s.id !== id),
  );
}

/** Removes every shape (one undo step brings them back). */
export function clearShapes(editor: AnnotationEditor): AnnotationEditor {
  return editor.shapes.length === 0 ? editor : commit(editor, []);
}

export const canUndo = (editor: AnnotationEditor) => editor.past.length > 0;
export const canRedo = (editor: AnnotationEditor) => editor.future.length > 0;

export function undo(editor: AnnotationEditor): AnnotationEditor {
  const previous = editor.past[editor.past.length - 1];
  if (!previous) return editor;
  return { shapes: previous, past: editor.past.slice(0, -1), future: [editor.shapes, ...editor.future] };
}

export function redo(editor: AnnotationEditor): AnnotationEditor {
  const [next, ...rest] = editor.future;
  if (!next) return editor;
  return { shapes: next, past: [...editor.past, editor.shapes], future: rest };
}

/** What to save: the drawing, or null when it is empty (the photo then has no annotation). */
export function toAnnotation(editor: Pick<AnnotationEditor, 'shapes'>): Annotation | null {
  return editor.shapes.length === 0 ? null : { version: 1, shapes: [...editor.shapes] };
}

/** An id for a new shape, unique within these shapes ("s1", "s2", ...). */
export function nextShapeId(shapes: readonly AnnotationShape[]): string {
  const max = shapes.reduce((m, s) => Math.max(m, Number(/^s(\d+)$/.exec(s.id)?.[1] ?? 0)), 0);
  return `s${max + 1}`;
}

/** Reads stored JSON (a string or a parsed value) as an annotation; words for what is wrong when it is not one. */
export function parseAnnotation(input: unknown): { ok: true; annotation: Annotation | null } | { ok: false; error: string } {
  let value = input;
  if (typeof input === 'string') {
    try {
      value = JSON.parse(input);
    } catch {
      return { ok: false, error: 'The annotation is not valid JSON' };
    }
  }
  if (value === null || value === undefined) return { ok: true, annotation: null };
  const parsed = annotationSchema.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, error: `The annotation is not valid: ${issue ? `${issue.path.join('.') || 'value'}: ${issue.message}` : 'unknown shape'}` };
  }
  return { ok: true, annotation: parsed.data };
}

// ---------------------------------------------------------------------------------------------
// SVG rendering data: elements in a viewBox of the photo's size (`0 0 width height`), so a
// consumer draws them over the photo with any CSS size (the SVG scales with the image).

export type SvgElement =
  | { kind: 'line'; key: string; x1: number; y1: number; x2: number; y2: number; stroke: string; strokeWidth: number }
  | { kind: 'polygon'; key: string; points: string; fill: string }
  | { kind: 'ellipse'; key: string; cx: number; cy: number; rx: number; ry: number; stroke: string; strokeWidth: number }
  | { kind: 'path'; key: string; d: string; stroke: string; strokeWidth: number }
  | { kind: 'text'; key: string; x: number; y: number; text: string; fill: string; fontSize: number; stroke: string; strokeWidth: number };

export type SvgDrawing = { viewBox: string; width: number; height: number; elements: SvgElement[] };

const r1 = (n: number) => Math.round(n * 10) / 10;

/** The SVG elements of a drawing over a photo `width` x `height` (any unit; use the photo's pixels or 1000 x its aspect). */
export function annotationToSvg(annotation: { shapes: readonly AnnotationShape[] } | null | undefined, width: number, height: number): SvgDrawing {
  const w = width > 0 ? width : 1000;
  const h = height > 0 ? height : 1000;
  const elements: SvgElement[] = [];
  for (const shape of annotation?.shapes ?? []) {
    switch (shape.type) {
      case 'arrow': {
        const stroke = shape.width * w;
        const x1 = shape.x1 * w;
        const y1 = shape.y1 * h;
        const x2 = shape.x2 * w;
        const y2 = shape.y2 * h;
        const angle = Math.atan2(y2 - y1, x2 - x1);
        const head = Math.max(stroke * 4, w * 0.02);
        const spread = Math.PI / 7;
        // The shaft stops where the head begins, so its square end does not poke through the tip.
        const baseX = x2 - head * Math.cos(angle) * Math.cos(spread);
        const baseY = y2 - head * Math.sin(angle) * Math.cos(spread);
        const left = [x2 - head * Math.cos(angle - spread), y2 - head * Math.sin(angle - spread)];
        const right = [x2 - head * Math.cos(angle + spread), y2 - head * Math.sin(angle + spread)];
        elements.push({
          kind: 'line',
          key: `${shape.id}-shaft`,
          x1: r1(x1),
          y1: r1(y1),
          x2: r1(baseX),
          y2: r1(baseY),
          stroke: shape.color,
          strokeWidth: r1(stroke),
        });
        elements.push({
          kind: 'polygon',
          key: `${shape.id}-head`,
          points: [[x2, y2], left, right].map(([x, y]) => `${r1(x ?? 0)},${r1(y ?? 0)}`).join(' '),
          fill: shape.color,
        });
        break;
      }
      case 'circle':
        elements.push({
          kind: 'ellipse',
          key: shape.id,
          cx: r1(shape.cx * w),
          cy: r1(shape.cy * h),
          rx: r1(shape.rx * w),
          ry: r1(shape.ry * h),
          stroke: shape.color,
          strokeWidth: r1(shape.width * w),
        });
        break;
      case 'freehand':
        elements.push({
          kind: 'path',
          key: shape.id,
          d: shape.points.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${r1(x * w)} ${r1(y * h)}`).join(' '),
          stroke: shape.color,
          strokeWidth: r1(shape.width * w),
        });
        break;
      case 'text': {
        const fontSize = shape.size * w;
        // A dark or light outline under the letters keeps them readable on any part of the photo.
        const outline = shape.color === '#000000' ? '#ffffff' : '#000000';
        elements.push({
          kind: 'text',
          key: shape.id,
          x: r1(shape.x * w),
          y: r1(shape.y * h),
          text: shape.text,
          fill: shape.color,
          fontSize: r1(fontSize),
          stroke: outline,
          strokeWidth: r1(fontSize * 0.08),
        });
        break;
      }
    }
  }
  return { viewBox: `0 0 ${w} ${h}`, width: w, height: h, elements };
}
