import { QueryClient } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import type { LocalInspection } from '../../../offline/inspection-store';
import type { QueuedPhotoView } from '../../../offline/upload-queue';
import { answer, json, sentPaths } from '../../../test/fake-server';
import { fakeInspection } from '../../../test/inspection-fakes';
import { renderWithSession } from '../../../test/render-with-session';
import { alice, answerSession } from '../../../test/session-fakes';
import CapturePage from './capture-page';
import ElevationPage from './elevation-page';

// The capture screen over this device's session and upload queue (both faked here: their own tests
// are theirs): the shot list marks what is captured, a tapped shot tags the next photos, photos go to
// the queue with every tag, the hit count saves through the store, the offline route reads no server.

const store = vi.hoisted(() => ({ session: undefined as LocalInspection | undefined, saveInspectionFields: vi.fn(async () => undefined) }));
const queue = vi.hoisted(() => ({
  queued: [] as QueuedPhotoView[],
  /** Screens re-read the queue when it changes, as the live query makes them. */
  listeners: new Set<() => void>(),
  change(next: QueuedPhotoView[]) {
    this.queued = next;
    for (const listener of this.listeners) listener();
  },
  enqueuePhotos: vi.fn(async (_userId: string, items: unknown[]) => items.map((_, i) => `q${i}`)),
  prioritisePhase: vi.fn(async () => undefined),
  // The file's name stands in for its hash: the same name is the same file.
  photoFileSha256: vi.fn(async (file: File) => file.name.padEnd(64, '0')),
  discardFailedUpload: vi.fn(async () => true),
}));

vi.mock('../../../offline/inspection-store', () => ({
  useLocalInspection: () => ({ session: store.session, loading: false }),
  saveInspectionFields: store.saveInspectionFields,
}));
vi.mock('../../../offline/upload-queue', async () => {
  const { useSyncExternalStore } = await import('react');
  const subscribe = (listener: () => void) => {
    queue.listeners.add(listener);
    return () => queue.listeners.delete(listener);
  };
  return {
    useQueuedPhotos: () => useSyncExternalStore(subscribe, () => queue.queued),
    useQueuedPhotoPreview: () => null,
    useUploadSummary: () => ({ total: 3, completed: 1, uploading: 2, pending: 0, failed: 0, online: true }),
    enqueuePhotos: queue.enqueuePhotos,
    prioritisePhase: queue.prioritisePhase,
    photoFileSha256: queue.photoFileSha256,
    discardFailedUpload: queue.discardFailedUpload,
  };
});
vi.mock('../../../lib/toast', () => ({ notify: { success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() } }));

const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c001';

function session(): LocalInspection {
  return {
    ...fakeInspection(SESSION_ID, {
      inspector: { id: alice.id, name: alice.name },
      createdBy: { id: alice.id, name: alice.name },
      street: '12 Elm St',
      city: 'Tulsa',
      state: 'OK',
      homeownerName: 'Pat Miller',
      structures: [
        {
          id: 'house',
          name: 'Main house',
          kind: 'main_house',
          areas: ['roof', 'front', 'right', 'rear', 'left'],
          slopes: [
            { direction: 'N', testSquareHits: 11 },
            { direction: 'S', testSquareHits: null },
          ],
        },
      ],
      createdAt: '2026-11-23T08:00:00Z',
      updatedAt: '2026-11-23T08:00:00Z',
    }),
    pendingCreate: false,
    dirty: {},
    syncError: null,
  };
}

function queuedPhoto(id: string, subcategory: string, status: QueuedPhotoView['status'] = 'pending'): QueuedPhotoView {
  return {
    id,
    sessionId: SESSION_ID,
    status,
    progress: 0,
    retryCount: 0,
    error: null,
    metadata: { category: 'roof', subcategory, phase: 'roof', photoType: null, notes: null, structureId: 'house', gpsCoords: null, timestamp: 1 },
    mimeType: 'image/jpeg',
    sha256: id.padEnd(64, '0'),
    storedId: null,
  };
}

const uploadedPhoto = (id: string, subcategory: string): Photo => ({
  id,
  sessionId: SESSION_ID,
  projectId: null,
  structureId: 'house',
  fileName: `${id}.jpg`,
  fileSize: 1000,
  mimeType: 'image/jpeg',
  sha256: 'a'.repeat(64),
  width: 400,
  height: 300,
  category: 'roof',
  subcategory,
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
  filePath: `${SESSION_ID}/roof/${subcategory}/${id}_1.jpg`,
  url: `/files/${id}`,
  thumbSmallUrl: null,
  thumbLargeUrl: null,
  annotation: null,
  deletedAt: null,
  purgeAt: null,
  createdAt: '2026-11-23T08:05:00Z',
  updatedAt: '2026-11-23T08:05:00Z',
});

const geolocation = {
  watchPosition: vi.fn((success: PositionCallback) => {
    success({ coords: { latitude: 36.15, longitude: -95.99 } } as GeolocationPosition);
    return 7;
  }),
  clearWatch: vi.fn(),
};

beforeEach(() => {
  vi.clearAllMocks();
  store.session = session();
  queue.queued = [];
  Object.defineProperty(navigator, 'geolocation', { value: geolocation, configurable: true });
});

function renderAt(url: string) {
  answerSession(alice);
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId/:phase" element={<CapturePage />} />
      <Route path="/field-inspection/:sessionId/phase-offline/:phase" element={<CapturePage />} />
      <Route path="/field-inspection/:sessionId/elevation/:elevation" element={<ElevationPage />} />
    </Routes>,
    { url, queryClient: new QueryClient({ defaultOptions: { queries: { retry: false } } }) },
  );
}

const shot = (name: RegExp) => within(screen.getByRole('list', { name: 'Shot list' })).getByRole('button', { name });
const saveButton = (input: HTMLElement) => within(input.closest('form') as HTMLElement).getByRole('button', { name: 'Save' });
const jpeg = (name: string) => new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], name, { type: 'image/jpeg', lastModified: 1_700_000_000_000 });

describe('capture screen', { timeout: 30_000 }, () => {
  it('marks captured and missing shots from uploaded and queued photos, each counted once', async () => {
    queue.queued = [queuedPhoto('p-slope-n', 'slope_n'), queuedPhoto('p-up', 'test_square_n', 'completed')];
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [uploadedPhoto('p-up', 'test_square_n')] }));
    renderAt(`/field-inspection/${SESSION_ID}/roof`);

    expect(await screen.findByRole('heading', { name: 'Roof photos' })).toBeInTheDocument();
    await waitFor(() => expect(shot(/Test square N = 11/)).toHaveAttribute('data-captured', 'true'));
    expect(shot(/Test square N = 11/)).toHaveTextContent('Captured (1 photo)');
    expect(shot(/^Slope N/)).toHaveAttribute('data-captured', 'true');
    expect(shot(/^Slope S/)).toHaveAttribute('data-captured', 'false');
    expect(shot(/^Slope S/)).toHaveTextContent('Missing');
    expect(shot(/Test square S = \?/)).toHaveTextContent('Required');
    expect(shot(/^Ridge/)).toHaveTextContent('Optional');
    expect(screen.getByTestId('required-progress')).toHaveTextContent('2 of 4 required shots captured');
    // The compact progress of this session's uploads.
    expect(screen.getByTestId('session-upload-progress')).toHaveTextContent('1 of 3 uploaded(2 uploading...)');
    // Walking order: the roof comes after the elevations and before the collateral.
    expect(screen.getByRole('link', { name: /Previous: Elevations/ })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/elevations`);
    // Issue 36: no gutters or collateral were chosen, so the walk goes from the roof to the close-ups.
    expect(screen.getByRole('link', { name: /Next: Detail/ })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/detail`);
  });

  it('issue 36: once every required shot has its photo, the big button names the next phase and the camera stays in the bar', async () => {
    queue.queued = ['slope_n', 'test_square_n', 'slope_s', 'test_square_s'].map((sub) => queuedPhoto(`p-${sub}`, sub));
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(screen.getByTestId('required-progress')).toHaveTextContent('4 of 4 required shots captured'));
    const next = screen.getByTestId('next-step-button');
    expect(next).toHaveTextContent('Next: Detail');
    expect(next).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/detail`);
    // The optional shots can still be taken, from the camera in the bar.
    expect(screen.getByTestId('capture-button')).toHaveTextContent('Take photo');
  });

  it('queues photos from the camera tagged with the first missing shot, the phase, the details, GPS and capture time', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    const user = userEvent.setup();
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(shot(/^Slope N/)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('capture-button')).toHaveTextContent('Slope N');

    const camera = screen.getByTestId('camera-input');
    expect(camera).toHaveAttribute('capture', 'environment');
    expect(camera).toHaveAttribute('multiple');
    expect(screen.getByTestId('library-input')).not.toHaveAttribute('capture');

    await user.selectOptions(screen.getByLabelText('Photo type'), 'close_up');
    await user.type(screen.getByLabelText('Notes'), 'Bruised mat');
    const before = Date.now();
    await user.upload(camera, [jpeg('a.jpg'), jpeg('b.jpg')]);

    await waitFor(() => expect(queue.enqueuePhotos).toHaveBeenCalledTimes(1));
    const [userId, items] = queue.enqueuePhotos.mock.calls[0] as unknown as [
      string,
      { fileName: string; sessionId: string; metadata: Record<string, unknown> }[],
    ];
    expect(userId).toBe(alice.id);
    expect(items.map((i) => i.fileName)).toEqual(['a.jpg', 'b.jpg']);
    expect(items[0]).toMatchObject({
      sessionId: SESSION_ID,
      metadata: {
        category: 'roof',
        subcategory: 'slope_n',
        phase: 'roof',
        photoType: 'close_up',
        notes: 'Bruised mat',
        structureId: 'house',
        gpsCoords: { lat: 36.15, lng: -95.99 },
      },
    });
    // A photo just taken is timed now, not by the file's date.
    expect(items[0]?.metadata.timestamp).toBeGreaterThanOrEqual(before);
    // The notes were for those photos: the next ones start without.
    await waitFor(() => expect(screen.getByLabelText('Notes')).toHaveValue(''));
  });

  it('a tapped shot tags the next photos; library photos keep their own time', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    const user = userEvent.setup();
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await user.click(await screen.findByRole('button', { name: /Test square S = \?/ }));
    expect(shot(/Test square S/)).toHaveAttribute('aria-pressed', 'true');
    await user.upload(screen.getByTestId('library-input'), jpeg('old.jpg'));
    await waitFor(() => expect(queue.enqueuePhotos).toHaveBeenCalledTimes(1));
    const [, items] = queue.enqueuePhotos.mock.calls[0] as unknown as [string, { metadata: Record<string, unknown> }[]];
    expect(items[0]?.metadata).toMatchObject({ category: 'roof', subcategory: 'test_square_s', timestamp: 1_700_000_000_000 });
  });

  it('after a capture, moves on to the next missing required shot, and the button always names the shot it fills', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    const user = userEvent.setup();
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(shot(/^Slope N/)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('capture-button')).toHaveTextContent('Take photoSlope N');

    await user.upload(screen.getByTestId('camera-input'), [jpeg('one.jpg')]);
    await waitFor(() => expect(queue.enqueuePhotos).toHaveBeenCalledTimes(1));
    // The N test square is counted already (11) but has no photo: it is next, in walking order.
    await waitFor(() => expect(shot(/Test square N = 11/)).toHaveAttribute('aria-pressed', 'true'));
    expect(screen.getByTestId('capture-button')).toHaveTextContent('Take photoTest square N = 11');
    const [, first] = queue.enqueuePhotos.mock.calls[0] as unknown as [string, { metadata: Record<string, unknown> }[]];
    expect(first[0]?.metadata).toMatchObject({ subcategory: 'slope_n' });
    act(() => queue.change([queuedPhoto('q1', 'slope_n')]));

    // The rep can still tap any row; after it, the list moves on from there (round to the first missing).
    await user.click(shot(/Test square S/));
    await waitFor(() => expect(shot(/Test square S/)).toHaveAttribute('aria-pressed', 'true'));
    await user.upload(screen.getByTestId('camera-input'), [jpeg('two.jpg')]);
    await waitFor(() => expect(queue.enqueuePhotos).toHaveBeenCalledTimes(2));
    const [, second] = queue.enqueuePhotos.mock.calls[1] as unknown as [string, { metadata: Record<string, unknown> }[]];
    expect(second[0]?.metadata).toMatchObject({ subcategory: 'test_square_s' });
    await waitFor(() => expect(shot(/Test square N = 11/)).toHaveAttribute('aria-pressed', 'true'));

    // Tags that are no shot of the list still name what the photo will be.
    await user.selectOptions(screen.getByLabelText('Category'), 'damage');
    expect(screen.getByTestId('capture-button')).toHaveTextContent('Take photoDamage');
  });

  it('refuses a photo already used for another shot, at once and naming that shot; the same file for its own shot is not queued twice', async () => {
    const front = { ...uploadedPhoto('p-front', 'slope_s'), sha256: 'library.jpg'.padEnd(64, '0') };
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [front] }));
    queue.queued = [{ ...queuedPhoto('q-ridge', 'ridge'), sha256: 'ridge.jpg'.padEnd(64, '0') }];
    const { notify } = await import('../../../lib/toast');
    const user = userEvent.setup();
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(shot(/^Slope S/)).toHaveAttribute('data-captured', 'true'));
    await waitFor(() => expect(shot(/^Slope N/)).toHaveAttribute('aria-pressed', 'true'));

    await user.upload(screen.getByTestId('library-input'), [jpeg('library.jpg')]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Photo not added', 'This photo is already used for Slope S.'));
    // A queued photo on its way counts too; a new file in the same pick is still queued.
    await user.upload(screen.getByTestId('library-input'), [jpeg('ridge.jpg'), jpeg('fresh.jpg')]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Photo not added', 'This photo is already used for Ridge.'));
    await waitFor(() => expect(queue.enqueuePhotos).toHaveBeenCalledTimes(1));
    const [, items] = queue.enqueuePhotos.mock.calls[0] as unknown as [string, { fileName: string; sha256: string }[]];
    expect(items.map((i) => [i.fileName, i.sha256])).toEqual([['fresh.jpg', 'fresh.jpg'.padEnd(64, '0')]]);
    // Nothing was counted for the refused photos: Slope N is still what the next photo fills... now Test square N.
    expect(shot(/^Slope N/)).toHaveAttribute('data-captured', 'false');

    await user.click(shot(/^Slope S/));
    await user.upload(screen.getByTestId('camera-input'), [jpeg('library.jpg')]);
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Photo not added', 'This photo is already in Slope S.'));
    expect(queue.enqueuePhotos).toHaveBeenCalledTimes(1);
  });

  it('counts only what the server holds or will: a failed photo is not a captured shot, says why, and can be removed', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    queue.queued = [queuedPhoto('q-n', 'slope_n', 'pending')];
    const { notify } = await import('../../../lib/toast');
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(shot(/^Slope N/)).toHaveAttribute('data-captured', 'true'));
    expect(screen.getByTestId('required-progress')).toHaveTextContent('1 of 4 required shots captured');

    // The server refuses it (another device sent the same file for another shot): said at once.
    act(() => queue.change([{ ...queuedPhoto('q-n', 'slope_n', 'failed'), error: 'Failed to upload photo: This photo is already used for Front of house.' }]));
    await waitFor(() =>
      expect(notify.error).toHaveBeenCalledWith('Photo not uploaded', 'Failed to upload photo: This photo is already used for Front of house.'),
    );
    await waitFor(() => expect(shot(/^Slope N/)).toHaveAttribute('data-captured', 'false'));
    expect(screen.getByTestId('required-progress')).toHaveTextContent('0 of 4 required shots captured');
    const thumb = document.querySelector('[data-queued-photo="q-n"]') as HTMLElement;
    expect(thumb).toHaveTextContent('Failed to upload photo: This photo is already used for Front of house.');
    await userEvent.click(within(thumb).getByRole('button', { name: 'Remove Roof · Slope N from this phone' }));
    await waitFor(() => expect(queue.discardFailedUpload).toHaveBeenCalledWith(alice.id, 'q-n'));
  });

  it("a photo the server asked to wait for (an hour's upload quota) says so in the server's words", async () => {
    const wait = 'Your uploads this hour have reached the limit of 5 GB per person. Uploads can continue in 20 minutes.';
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    queue.queued = [{ ...queuedPhoto('q-wait', 'slope_n'), waitReason: wait }, queuedPhoto('q-plain', 'slope_s')];
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    await waitFor(() => expect(document.querySelector('[data-queued-photo="q-wait"]')).toHaveTextContent(`Waiting to upload: ${wait}`));
    expect(document.querySelector('[data-queued-photo="q-plain"]')).toHaveTextContent(/Waiting to upload$/);
  });

  it('shows a placeholder naming the shot for a queued HEIC photo the phone cannot draw, never a broken image', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    queue.queued = [{ ...queuedPhoto('q-heic', 'slope_n'), mimeType: 'image/heic' }];
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    const placeholder = await screen.findByRole('img', { name: 'Roof · Slope N: HEIC photo, no preview on this phone yet' });
    expect(placeholder).toHaveTextContent('Roof · Slope N');
    expect(document.querySelector('[data-queued-photo="q-heic"] img')).toBeNull();
  });

  it('saves a test square hit count through the local store, and prioritises the phase', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    const user = userEvent.setup();
    renderAt(`/field-inspection/${SESSION_ID}/roof`);
    const hits = await screen.findByLabelText('Test square S hits');
    await user.type(hits, '7');
    await user.click(saveButton(hits));
    await waitFor(() => expect(store.saveInspectionFields).toHaveBeenCalledTimes(1));
    expect(store.saveInspectionFields).toHaveBeenCalledWith(alice.id, SESSION_ID, {
      structures: [
        expect.objectContaining({
          id: 'house',
          slopes: [
            { direction: 'N', testSquareHits: 11 },
            { direction: 'S', testSquareHits: 7 },
          ],
        }),
      ],
    });

    await user.clear(hits);
    await user.type(hits, 'lots');
    await user.click(saveButton(hits));
    expect(await screen.findByText('Enter a whole number from 0 to 999')).toBeInTheDocument();
    expect(store.saveInspectionFields).toHaveBeenCalledTimes(1);

    await user.click(screen.getByRole('button', { name: 'Prioritize this phase' }));
    await waitFor(() => expect(queue.prioritisePhase).toHaveBeenCalledWith(alice.id, SESSION_ID, 'roof'));
  });

  it('the offline route reads nothing from the server and keeps its steps offline', async () => {
    queue.queued = [queuedPhoto('p1', 'slope_s')];
    renderAt(`/field-inspection/${SESSION_ID}/phase-offline/roof`);
    await waitFor(() => expect(shot(/^Slope S/)).toHaveAttribute('data-captured', 'true'));
    expect(screen.getByRole('link', { name: /Next: Detail/ })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/phase-offline/detail`);
    expect(sentPaths().filter((p) => p.includes('/photos'))).toEqual([]);
  });

  it('an elevation screen lists that side of each structure only', async () => {
    answer(`GET /api/inspections/${SESSION_ID}/photos`, json({ photos: [] }));
    renderAt(`/field-inspection/${SESSION_ID}/elevation/rear`);
    expect(await screen.findByRole('heading', { name: 'Rear elevation' })).toBeInTheDocument();
    const shots = within(screen.getByRole('list', { name: 'Shot list' })).getAllByRole('button');
    expect(shots.map((b) => b.querySelector('span span')?.textContent)).toEqual(['Rear']);
    expect(screen.getByRole('link', { name: /Next: Left/ })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/elevation/left`);
  });

  it('says so when the session is not on this device, and when the phase is unknown', async () => {
    store.session = undefined;
    const { unmount } = renderAt(`/field-inspection/${SESSION_ID}/roof`);
    expect(await screen.findByText(/This inspection is not on this device/)).toBeInTheDocument();
    unmount();
    renderAt(`/field-inspection/${SESSION_ID}/chimney`);
    expect(await screen.findByRole('heading', { name: 'This step was not found' })).toBeInTheDocument();
  });

  it('a session id that is not one asks nothing of the server', async () => {
    renderAt('/field-inspection/abc/roof');
    expect(await screen.findByRole('heading', { name: 'This inspection was not found' })).toBeInTheDocument();
    expect(sentPaths().filter((p) => p.includes('/inspections'))).toEqual([]);
  });
});
