import { QueryClient } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Annotation, Photo } from '@ridgeline/shared/contracts/photos';
import type { QueuedPhotoView } from '../../../offline/upload-queue';
import { notify } from '../../../lib/toast';
import { answer, json, sent } from '../../../test/fake-server';
import { renderWithSession } from '../../../test/render-with-session';
import { alice, answerSession } from '../../../test/session-fakes';
import { AnnotationEditor } from './annotation-editor';
import AnnotationPage from './annotation-page';

const queue = vi.hoisted(() => ({ queued: [] as QueuedPhotoView[] }));
vi.mock('../../../offline/upload-queue', () => ({ useQueuedPhotos: () => queue.queued }));
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c001';
const PHOTO_ID = '5d9f3a1e-2b8c-4e1f-9a77-1c2d3e4f5a6b';

const photo = (annotation: Annotation | null = null): Photo => ({
  id: PHOTO_ID,
  sessionId: SESSION_ID,
  projectId: null,
  structureId: null,
  fileName: 'roof.jpg',
  fileSize: 1000,
  mimeType: 'image/jpeg',
  sha256: 'a'.repeat(64),
  width: 400,
  height: 300,
  category: 'roof',
  subcategory: 'slope_n',
  phase: 'roof',
  photoType: null,
  notes: null,
  gpsCoordinates: null,
  gps: null,
  gpsSource: null,
  capturedAt: null,
  capturedAtSource: null,
  origin: null,
  deviceGps: null,
  metadataRead: true,
  flags: [],
  receivedAt: '2026-11-23T08:05:00Z',
  uploadedBy: { id: alice.id, name: alice.name },
  filePath: 'x',
  url: '/files/original',
  thumbSmallUrl: null,
  thumbLargeUrl: '/files/large',
  annotation,
  deletedAt: null,
  purgeAt: null,
  createdAt: '2026-11-23T08:05:00Z',
  updatedAt: '2026-11-23T08:05:00Z',
});

// jsdom has no PointerEvent: a mouse event with the pointer's fields stands in for it.
if (!('PointerEvent' in window)) {
  class FakePointerEvent extends MouseEvent {
    pointerId: number;
    pointerType: string;
    constructor(type: string, init: PointerEventInit = {}) {
      super(type, init);
      this.pointerId = init.pointerId ?? 1;
      this.pointerType = init.pointerType ?? 'mouse';
    }
  }
  Object.defineProperty(window, 'PointerEvent', { value: FakePointerEvent, configurable: true });
}

beforeEach(() => {
  vi.clearAllMocks();
  queue.queued = [];
});

/** The drawing area as 400 x 300 px on screen, so pointer positions map to fractions of the photo. */
function canvas(): SVGSVGElement {
  const svg = screen.getByTestId('annotation-canvas') as unknown as SVGSVGElement;
  svg.getBoundingClientRect = () => ({ left: 0, top: 0, width: 400, height: 300, right: 400, bottom: 300, x: 0, y: 0, toJSON: () => ({}) });
  return svg;
}

function drag(svg: SVGSVGElement, points: [number, number][]) {
  const [first, ...rest] = points;
  fireEvent.pointerDown(svg, { clientX: first?.[0], clientY: first?.[1], pointerId: 1, button: 0, pointerType: 'touch' });
  for (const [x, y] of rest) fireEvent.pointerMove(svg, { clientX: x, clientY: y, pointerId: 1, pointerType: 'touch' });
  const last = rest[rest.length - 1] ?? first;
  fireEvent.pointerUp(svg, { clientX: last?.[0], clientY: last?.[1], pointerId: 1, pointerType: 'touch' });
}

describe('annotation editor', { timeout: 30_000 }, () => {
  it('draws an arrow, a circle, a free-hand line and text (placed from the keyboard), with undo, redo and clear, then saves the vector drawing', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => true);
    render(<AnnotationEditor photo={photo()} alt="Roof" saving={false} onSave={onSave} />);
    expect(screen.getByRole('button', { name: 'Saved' })).toBeDisabled();
    expect(screen.getByRole('img', { name: /0 shapes/ })).toBeInTheDocument();

    drag(canvas(), [
      [40, 30],
      [120, 90],
      [200, 150],
    ]);
    expect(screen.getByRole('img', { name: /1 shape$/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Circle' }));
    expect(screen.getByRole('button', { name: 'Circle' })).toHaveAttribute('aria-pressed', 'true');
    await user.click(screen.getByRole('button', { name: 'Yellow' }));
    drag(canvas(), [
      [200, 150],
      [240, 150],
    ]);

    await user.click(screen.getByRole('button', { name: 'Free hand' }));
    drag(canvas(), [
      [0, 0],
      [100, 150],
      [200, 75],
    ]);

    await user.click(screen.getByRole('button', { name: 'Text' }));
    await user.type(screen.getByLabelText(/Text \(tap the photo to place it\)/), 'Hail hit{Enter}');
    expect(screen.getByRole('img', { name: /4 shapes/ })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Undo' }));
    expect(screen.getByRole('img', { name: /3 shapes/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Redo' }));
    expect(screen.getByRole('button', { name: 'Redo' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Clear' }));
    expect(screen.getByRole('img', { name: /0 shapes/ })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Undo' }));

    await user.click(screen.getByRole('button', { name: 'Save annotation' }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(onSave.mock.calls[0]).toEqual([
      {
        version: 1,
        shapes: [
          { type: 'arrow', id: 's1', x1: 0.1, y1: 0.1, x2: 0.5, y2: 0.5, color: '#ef4444', width: 0.006 },
          { type: 'circle', id: 's2', cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.1333, color: '#facc15', width: 0.006 },
          {
            type: 'freehand',
            id: 's3',
            points: [
              [0, 0],
              [0.25, 0.5],
              [0.5, 0.25],
            ],
            color: '#facc15',
            width: 0.006,
          },
          { type: 'text', id: 's4', x: 0.05, y: 0.12, text: 'Hail hit', color: '#facc15', size: 0.05 },
        ],
      },
    ]);
    expect(await screen.findByRole('button', { name: 'Saved' })).toBeDisabled();
  });

  it('re-edits a saved drawing: its shapes are there, one can be removed, and an empty drawing saves as none', async () => {
    const user = userEvent.setup();
    const onSave = vi.fn(async () => true);
    const saved: Annotation = { version: 1, shapes: [{ type: 'circle', id: 's1', cx: 0.5, cy: 0.5, rx: 0.1, ry: 0.1, color: '#ef4444', width: 0.006 }] };
    render(<AnnotationEditor photo={photo(saved)} alt="Roof" saving={false} onSave={onSave} />);
    expect(screen.getByRole('img', { name: /1 shape$/ })).toBeInTheDocument();
    expect(screen.getByTestId('annotation-canvas').querySelector('ellipse')).toHaveAttribute('rx', '40');
    expect(screen.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await user.click(screen.getByText('Shapes (1)'));
    await user.click(screen.getByRole('button', { name: 'Remove Red circle' }));
    await user.click(screen.getByRole('button', { name: 'Save annotation' }));
    expect(onSave).toHaveBeenCalledWith(null);
  });
});

describe('/field-inspection/:sessionId/photo-annotation', { timeout: 30_000 }, () => {
  function renderPage(url: string) {
    answerSession(alice);
    renderWithSession(
      <Routes>
        <Route path="/field-inspection/:sessionId/photo-annotation" element={<AnnotationPage />} />
      </Routes>,
      { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
    );
  }

  it('draws over the large thumbnail and saves with PUT /api/photos/:id/annotation', async () => {
    const user = userEvent.setup();
    answer(`GET /api/photos/${PHOTO_ID}`, json(photo()));
    answer(`PUT /api/photos/${PHOTO_ID}/annotation`, json(photo()));
    renderPage(`/field-inspection/${SESSION_ID}/photo-annotation?photo=${PHOTO_ID}`);
    expect(await screen.findByRole('img', { name: 'Roof · Slope N' })).toHaveAttribute('src', '/files/large');
    drag(canvas(), [
      [0, 0],
      [400, 300],
    ]);
    await user.click(screen.getByRole('button', { name: 'Save annotation' }));
    await waitFor(() => expect(sent(`PUT /api/photos/${PHOTO_ID}/annotation`)).toHaveLength(1));
    expect(sent(`PUT /api/photos/${PHOTO_ID}/annotation`)[0]?.body).toEqual({
      annotation: { version: 1, shapes: [{ type: 'arrow', id: 's1', x1: 0, y1: 0, x2: 1, y2: 1, color: '#ef4444', width: 0.006 }] },
    });
    await waitFor(() => expect(notify.success).toHaveBeenCalledWith('Annotation saved', 'The original photo is kept unchanged.'));
  });

  it('says a photo still in the upload queue is not uploaded yet', async () => {
    queue.queued = [
      {
        id: PHOTO_ID,
        sessionId: SESSION_ID,
        status: 'pending',
        progress: 0,
        retryCount: 0,
        error: null,
        metadata: { category: 'roof', subcategory: null, phase: 'roof', photoType: null, notes: null, structureId: null, gpsCoords: null, timestamp: 1 },
        mimeType: 'image/jpeg',
        sha256: 'b'.repeat(64),
        storedId: null,
      },
    ];
    answer(`GET /api/photos/${PHOTO_ID}`, json({ error: { message: 'Not found', code: 'NOT_FOUND', timestamp: '', requestId: 'r' } }, { status: 404 }));
    renderPage(`/field-inspection/${SESSION_ID}/photo-annotation?photo=${PHOTO_ID}`);
    expect(await screen.findByText('This photo is not uploaded yet')).toBeInTheDocument();
    expect(within(document.body).queryByTestId('annotation-canvas')).toBeNull();
  });
});
