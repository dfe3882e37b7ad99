import { z } from 'zod';
import { ANNOTATION_COLORS, type Annotation, type AnnotationShape, type Photo } from '@ridgeline/shared/contracts/photos';
import { singleLineString } from '@ridgeline/shared/contracts/common';
import {
  addShape,
  annotationToSvg,
  canRedo,
  canUndo,
  clearShapes,
  createAnnotationEditor,
  nextShapeId,
  redo,
  removeShape,
  toAnnotation,
  undo,
  type AnnotationEditor as EditorState,
} from '@ridgeline/shared/domain/annotation';
import { ArrowUpRight, Circle, Eraser, PenLine, Redo2, Save, Trash2, Type, Undo2 } from 'lucide-react';
import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Form, FormField, useZodForm } from '../../../components/ui/form';
import { cn } from '../../../lib/cn';
import { photoBox, SvgShape } from '../../../components/annotation-overlay';

// The drawing editor over a photo: arrow, circle, free hand and text in the chosen colour, with undo,
// redo and clear. Touch, pen and mouse draw through pointer events; every tool and colour is a
// button (keyboard reachable), and text can be placed without a pointer. Saving stores the drawing
// beside the photo; the photo's file is never changed.

export type Tool = 'arrow' | 'circle' | 'freehand' | 'text';
const TOOLS: { value: Tool; label: string; Icon: typeof ArrowUpRight }[] = [
  { value: 'arrow', label: 'Arrow', Icon: ArrowUpRight },
  { value: 'circle', label: 'Circle', Icon: Circle },
  { value: 'freehand', label: 'Free hand', Icon: PenLine },
  { value: 'text', label: 'Text', Icon: Type },
];
type Color = (typeof ANNOTATION_COLORS)[number];
export const COLOR_NAMES: Record<Color, string> = {
  '#ef4444': 'Red',
  '#f59e0b': 'Orange',
  '#facc15': 'Yellow',
  '#22c55e': 'Green',
  '#3b82f6': 'Blue',
  '#ffffff': 'White',
  '#000000': 'Black',
};
const STROKE = 0.006;
const TEXT_SIZE = 0.05;

const textSchema = z.object({ text: singleLineString().trim().min(1, 'Type the text to place').max(200) });

type Point = { x: number; y: number };

function shapeWords(shape: AnnotationShape): string {
  const color = COLOR_NAMES[shape.color];
  switch (shape.type) {
    case 'arrow':
      return `${color} arrow`;
    case 'circle':
      return `${color} circle`;
    case 'freehand':
      return `${color} line`;
    case 'text':
      return `${color} text "${shape.text}"`;
  }
}

type Props = {
  photo: Pick<Photo, 'id' | 'url' | 'thumbLargeUrl' | 'width' | 'height' | 'annotation'>;
  alt: string;
  saving: boolean;
  /** Resolves true once saved (the editor then counts the drawing as saved). */
  onSave: (annotation: Annotation | null) => Promise<boolean>;
};

export function AnnotationEditor({ photo, alt, saving, onSave }: Props) {
  const [editor, setEditor] = useState<EditorState>(() => createAnnotationEditor(photo.annotation));
  const [saved, setSaved] = useState(() => JSON.stringify(photo.annotation?.shapes ?? []));
  const [tool, setTool] = useState<Tool>('arrow');
  const [color, setColor] = useState<Color>('#ef4444');
  const [draft, setDraft] = useState<AnnotationShape | null>(null);
  const [textAt, setTextAt] = useState<Point | null>(null);
  const start = useRef<Point | null>(null);
  const textForm = useZodForm(textSchema, { defaultValues: { text: '' } });
  const box = photoBox(photo);
  const dirty = JSON.stringify(editor.shapes) !== saved;

  const drawing = annotationToSvg({ shapes: draft ? [...editor.shapes, draft] : editor.shapes }, box.width, box.height);

  function pointOf(event: ReactPointerEvent<SVGSVGElement>): Point {
    const rect = event.currentTarget.getBoundingClientRect();
    const x = rect.width > 0 ? (event.clientX - rect.left) / rect.width : 0;
    const y = rect.height > 0 ? (event.clientY - rect.top) / rect.height : 0;
    return { x: Math.min(1, Math.max(0, x)), y: Math.min(1, Math.max(0, y)) };
  }

  function shapeFrom(from: Point, to: Point, previous: AnnotationShape | null): AnnotationShape {
    const id = nextShapeId(editor.shapes);
    switch (tool) {
      case 'circle': {
        // A round circle on the photo, whatever its proportions: the radius in pixels, then in fractions.
        const r = Math.hypot((to.x - from.x) * box.width, (to.y - from.y) * box.height);
        return { type: 'circle', id, cx: from.x, cy: from.y, rx: r / box.width, ry: r / box.height, color, width: STROKE };
      }
      case 'freehand': {
        if (previous?.type !== 'freehand')
          return {
            type: 'freehand',
            id,
            points: [
              [from.x, from.y],
              [to.x, to.y],
            ],
            color,
            width: STROKE,
          };
        const last = previous.points[previous.points.length - 1];
        // The pointer lifted where it last moved: that point is already on the line.
        if (last && last[0] === to.x && last[1] === to.y) return previous;
        return { ...previous, points: [...previous.points, [to.x, to.y]] };
      }
      default:
        return { type: 'arrow', id, x1: from.x, y1: from.y, x2: to.x, y2: to.y, color, width: STROKE };
    }
  }

  function onPointerDown(event: ReactPointerEvent<SVGSVGElement>) {
    if (event.button !== 0 && event.pointerType === 'mouse') return;
    const point = pointOf(event);
    if (tool === 'text') {
      setTextAt(point);
      textForm.setFocus('text');
      return;
    }
    event.currentTarget.setPointerCapture?.(event.pointerId);
    start.current = point;
    setDraft(null);
  }

  function onPointerMove(event: ReactPointerEvent<SVGSVGElement>) {
    const from = start.current;
    if (!from) return;
    const to = pointOf(event);
    setDraft((previous) => shapeFrom(from, to, previous));
  }

  function onPointerUp(event: ReactPointerEvent<SVGSVGElement>) {
    const from = start.current;
    if (!from) return;
    start.current = null;
    const shape = shapeFrom(from, pointOf(event), draft);
    setDraft(null);
    setEditor((current) => addShape(current, { ...shape, id: nextShapeId(current.shapes) }));
  }

  function placeText({ text }: z.output<typeof textSchema>) {
    const at = textAt ?? { x: 0.05, y: 0.12 };
    setEditor((current) => addShape(current, { type: 'text', id: nextShapeId(current.shapes), x: at.x, y: at.y, text, color, size: TEXT_SIZE }));
    textForm.reset({ text: '' });
    setTextAt(null);
  }

  async function save() {
    const annotation = toAnnotation(editor);
    if (await onSave(annotation)) setSaved(JSON.stringify(editor.shapes));
  }

  return (
    <div className="flex flex-col gap-3">
      <div role="group" aria-label="Drawing tool" className="grid grid-cols-4 gap-2">
        {TOOLS.map(({ value, label, Icon }) => (
          <Button
            key={value}
            variant={tool === value ? 'primary' : 'secondary'}
            size="lg"
            aria-pressed={tool === value}
            onClick={() => setTool(value)}
            className="flex-col gap-0 px-1 text-xs"
          >
            <Icon aria-hidden="true" className="size-5" />
            {label}
          </Button>
        ))}
      </div>
      <div role="group" aria-label="Color" className="flex flex-wrap gap-1.5">
        {ANNOTATION_COLORS.map((value) => (
          <button
            key={value}
            type="button"
            aria-pressed={color === value}
            aria-label={COLOR_NAMES[value]}
            onClick={() => setColor(value)}
            className={cn(
              'size-11 rounded-full border-2 border-slate-500 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600',
              color === value && 'ring-4 ring-blue-700 ring-offset-2',
            )}
            style={{ backgroundColor: value }}
          />
        ))}
      </div>

      <div className="relative w-full overflow-hidden rounded-md bg-slate-900" style={{ aspectRatio: `${box.width} / ${box.height}` }}>
        <img src={photo.thumbLargeUrl ?? photo.url} alt={alt} className="size-full select-none object-contain" draggable={false} />
        <svg
          viewBox={drawing.viewBox}
          preserveAspectRatio="none"
          className="absolute inset-0 size-full touch-none"
          style={{ cursor: tool === 'text' ? 'text' : 'crosshair' }}
          role="img"
          aria-label={`Drawing over the photo: ${editor.shapes.length} shape${editor.shapes.length === 1 ? '' : 's'}`}
          data-testid="annotation-canvas"
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={() => {
            start.current = null;
            setDraft(null);
          }}
        >
          {drawing.elements.map((element) => (
            <SvgShape key={element.key} element={element} />
          ))}
          {textAt && (
            <circle cx={textAt.x * box.width} cy={textAt.y * box.height} r={box.width * 0.01} fill={color} stroke="#000" strokeWidth={box.width * 0.002} />
          )}
        </svg>
      </div>

      {tool === 'text' && (
        <Form form={textForm} onSubmit={placeText} className="flex-row items-end gap-2" aria-label="Place text">
          <FormField name="text" label={textAt ? 'Text at the marked point' : 'Text (tap the photo to place it)'} className="flex-1" maxLength={200} />
          <Button type="submit" size="lg">
            Add text
          </Button>
        </Form>
      )}

      <div className="grid grid-cols-3 gap-2">
        <Button variant="secondary" size="lg" disabled={!canUndo(editor)} onClick={() => setEditor(undo)}>
          <Undo2 aria-hidden="true" className="size-5" />
          Undo
        </Button>
        <Button variant="secondary" size="lg" disabled={!canRedo(editor)} onClick={() => setEditor(redo)}>
          <Redo2 aria-hidden="true" className="size-5" />
          Redo
        </Button>
        <Button variant="destructive-outline" size="lg" disabled={editor.shapes.length === 0} onClick={() => setEditor(clearShapes)}>
          <Eraser aria-hidden="true" className="size-5" />
          Clear
        </Button>
      </div>

      {editor.shapes.length > 0 && (
        <details className="rounded-md border border-slate-300 p-2">
          <summary className="min-h-11 cursor-pointer content-center font-semibold text-slate-900">Shapes ({editor.shapes.length})</summary>
          <ul className="flex flex-col gap-1">
            {editor.shapes.map((shape) => (
              <li key={shape.id} className="flex items-center justify-between gap-2">
                <span className="text-sm text-slate-900">{shapeWords(shape)}</span>
                <Button variant="ghost" size="icon" onClick={() => setEditor((current) => removeShape(current, shape.id))}>
                  <Trash2 aria-hidden="true" className="size-5" />
                  <span className="sr-only">Remove {shapeWords(shape)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </details>
      )}

      <Button size="lg" className="min-h-14 text-base" disabled={saving || !dirty} onClick={() => void save()}>
        <Save aria-hidden="true" className="size-5" />
        {saving ? 'Saving…' : dirty ? 'Save annotation' : 'Saved'}
      </Button>
    </div>
  );
}
