import { describe, expect, it } from 'vitest';
import type { AnnotationShape } from '../contracts/photos';
import {
  addShape,
  annotationToSvg,
  canRedo,
  canUndo,
  clearShapes,
  createAnnotationEditor,
  nextShapeId,
  parseAnnotation,
  redo,
  removeShape,
  toAnnotation,
  undo,
  updateShape,
} from './annotation';

const arrow: AnnotationShape = { type: 'arrow', id: 's1', x1: 0.1, y1: 0.1, x2: 0.5, y2: 0.5, color: '#ef4444', width: 0.01 };
const circle: AnnotationShape = { type: 'circle', id: 's2', cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.2, color: '#facc15', width: 0.005 };
const text: AnnotationShape = { type: 'text', id: 's3', x: 0.2, y: 0.8, text: 'Hail hit', color: '#ffffff', size: 0.05 };
const line: AnnotationShape = {
  type: 'freehand',
  id: 's4',
  points: [
    [0, 0],
    [0.25, 0.5],
    [0.5, 0.25],
  ],
  color: '#3b82f6',
  width: 0.004,
};

describe('annotation editor', () => {
  it('adds shapes on top, and undo / redo walk the history', () => {
    let editor = createAnnotationEditor(null);
    expect(canUndo(editor)).toBe(false);
    editor = addShape(editor, arrow);
    editor = addShape(editor, circle);
    expect(editor.shapes.map((s) => s.id)).toEqual(['s1', 's2']);
    editor = undo(editor);
    expect(editor.shapes.map((s) => s.id)).toEqual(['s1']);
    expect(canRedo(editor)).toBe(true);
    editor = redo(editor);
    expect(editor.shapes.map((s) => s.id)).toEqual(['s1', 's2']);
    expect(canRedo(editor)).toBe(false);
    // A new edit after an undo drops what could have been redone.
    editor = addShape(undo(editor), text);
    expect(editor.shapes.map((s) => s.id)).toEqual(['s1', 's3']);
    expect(canRedo(editor)).toBe(false);
    // Undo and redo past either end change nothing.
    expect(redo(editor)).toBe(editor);
    const empty = createAnnotationEditor(null);
    expect(undo(empty)).toBe(empty);
  });

  it('updates a shape in place, keeping its id and type; remove and clear are undoable', () => {
    let editor = addShape(addShape(createAnnotationEditor(null), arrow), text);
    editor = updateShape(editor, 's3', { text: '  Wind crease ', color: '#f59e0b' });
    expect(editor.shapes[1]).toEqual({ ...text, text: 'Wind crease', color: '#f59e0b' });
    editor = updateShape(editor, 's1', { type: 'circle', id: 'other', x2: 0.9 } as never);
    expect(editor.shapes[0]).toMatchObject({ type: 'arrow', id: 's1', x2: 0.9 });
    expect(updateShape(editor, 'missing', { color: '#000000' })).toBe(editor);

    editor = removeShape(editor, 's1');
    expect(editor.shapes.map((s) => s.id)).toEqual(['s3']);
    editor = clearShapes(editor);
    expect(editor.shapes).toEqual([]);
    expect(toAnnotation(editor)).toBeNull();
    editor = undo(editor);
    expect(editor.shapes.map((s) => s.id)).toEqual(['s3']);
  });

  it('keeps coordinates inside the photo and ignores shapes too small to mean anything', () => {
    let editor = addShape(createAnnotationEditor(null), { ...arrow, x2: 1.4, y2: -0.2 });
    expect(editor.shapes[0]).toMatchObject({ x2: 1, y2: 0 });
    const before = editor;
    editor = addShape(editor, { ...arrow, id: 's9', x2: 0.1001, y2: 0.1001 });
    editor = addShape(editor, { ...text, id: 's8', text: '   ' });
    editor = addShape(editor, { ...circle, id: 's7', rx: 0.001 });
    expect(editor).toBe(before);
  });

  it('thins a long free-hand line to the schema limit, keeping its ends', () => {
    const points = Array.from({ length: 5000 }, (_, i) => [i / 5000, 0.5] as [number, number]);
    const editor = addShape(createAnnotationEditor(null), { ...line, points });
    const saved = editor.shapes[0];
    if (saved?.type !== 'freehand') throw new Error('expected a free-hand line');
    expect(saved.points.length).toBeLessThanOrEqual(2000);
    expect(saved.points[0]).toEqual([0, 0.5]);
    expect(saved.points[saved.points.length - 1]).toEqual([4999 / 5000, 0.5].map((n) => Math.round(n * 10_000) / 10_000));
    expect(parseAnnotation(toAnnotation(editor)).ok).toBe(true);
  });

  it('re-edits a saved annotation; what it saves parses back to the same drawing', () => {
    const saved = toAnnotation(addShape(addShape(addShape(addShape(createAnnotationEditor(null), arrow), circle), text), line));
    expect(saved).toEqual({ version: 1, shapes: [arrow, circle, text, line] });
    const reopened = createAnnotationEditor(saved);
    expect(reopened.shapes).toEqual(saved?.shapes);
    expect(canUndo(reopened)).toBe(false);
    expect(nextShapeId(reopened.shapes)).toBe('s5');
    expect(nextShapeId([])).toBe('s1');
    expect(parseAnnotation(JSON.stringify(saved))).toEqual({ ok: true, annotation: saved });
  });

  it('parse: null is no annotation; bad JSON, a wrong version or a bad shape are refused with words', () => {
    expect(parseAnnotation(null)).toEqual({ ok: true, annotation: null });
    expect(parseAnnotation('{oops')).toEqual({ ok: false, error: 'The annotation is not valid JSON' });
    expect(parseAnnotation({ version: 2, shapes: [] })).toMatchObject({ ok: false, error: expect.stringContaining('version') });
    expect(parseAnnotation({ version: 1, shapes: [{ ...arrow, color: 'pink' }] })).toMatchObject({
      ok: false,
      error: expect.stringContaining('shapes.0.color'),
    });
    expect(parseAnnotation({ version: 1, shapes: [{ ...circle, cx: 3 }] })).toMatchObject({ ok: false });
  });
});

describe('annotation SVG', () => {
  it("draws each shape in the photo's coordinates", () => {
    const drawing = annotationToSvg({ shapes: [circle, line, text] }, 4000, 3000);
    expect(drawing.viewBox).toBe('0 0 4000 3000');
    expect(drawing.elements).toEqual([
      { kind: 'ellipse', key: 's2', cx: 2000, cy: 1500, rx: 400, ry: 600, stroke: '#facc15', strokeWidth: 20 },
      { kind: 'path', key: 's4', d: 'M0 0 L1000 1500 L2000 750', stroke: '#3b82f6', strokeWidth: 16 },
      { kind: 'text', key: 's3', x: 800, y: 2400, text: 'Hail hit', fill: '#ffffff', fontSize: 200, stroke: '#000000', strokeWidth: 16 },
    ]);
  });

  it('draws an arrow as a shaft ending under a head whose tip is the end point', () => {
    const [shaft, head] = annotationToSvg({ shapes: [{ ...arrow, x1: 0, y1: 0.5, x2: 1, y2: 0.5 }] }, 1000, 1000).elements;
    expect(shaft).toMatchObject({ kind: 'line', x1: 0, y1: 500, y2: 500, strokeWidth: 10 });
    expect(shaft?.kind === 'line' && shaft.x2).toBeLessThan(1000);
    expect(shaft?.kind === 'line' && shaft.x2).toBeGreaterThan(900);
    expect(head).toMatchObject({ kind: 'polygon', fill: '#ef4444' });
    expect(head?.kind === 'polygon' && head.points.startsWith('1000,500 ')).toBe(true);
  });

  it('draws nothing for no annotation', () => {
    expect(annotationToSvg(null, 100, 50)).toEqual({ viewBox: '0 0 100 50', width: 100, height: 50, elements: [] });
  });
});
