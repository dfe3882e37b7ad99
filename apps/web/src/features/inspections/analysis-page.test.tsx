import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import type { CapturePhase, PhotoCategory } from '@ridgeline/shared/domain/field-capture';
import type { LocalInspection } from '../../offline/inspection-store';
import type { QueuedPhotoView } from '../../offline/upload-queue';
import { answerCompany } from '../../test/claim-flow-fakes';
import { answer, json, sentPaths } from '../../test/fake-server';
import { fakeInspection } from '../../test/inspection-fakes';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import AnalysisPage from './analysis-page';

// The analysis screen over this device's session and upload queue (faked: their own tests are
// theirs), the server's photos and the company's threshold: each recommendation with its reasons,
// the photos per slope and elevation, the missing shots as links to their capture phase, and the
// offline reading from the device alone.

const store = vi.hoisted(() => ({ session: undefined as LocalInspection | undefined }));
const queue = vi.hoisted(() => ({ queued: [] as QueuedPhotoView[] }));

vi.mock('../../offline/inspection-store', () => ({ useLocalInspection: () => ({ session: store.session, loading: false }) }));
vi.mock('../../offline/use-inspection-sync', () => ({ useInspectionSync: () => undefined }));
vi.mock('../../offline/upload-queue', () => ({
  useQueuedPhotos: () => queue.queued,
  useUploadSummary: () => ({ total: 0, completed: 0, uploading: 0, pending: 0, failed: 0, online: true }),
}));

const browser = controlBrowserOnline();
const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c0a1';

function session(hits: { N: number | null; S: number | null } = { N: 11, S: 3 }): LocalInspection {
  return {
    ...fakeInspection(SESSION_ID, {
      street: '12 Elm St',
      structures: [
        {
          id: 'house',
          name: 'Main house',
          kind: 'main_house',
          areas: ['roof', 'front', 'rear'],
          slopes: [
            { direction: 'N', testSquareHits: hits.N },
            { direction: 'S', testSquareHits: hits.S },
          ],
        },
      ],
    }),
    pendingCreate: false,
    dirty: {},
    syncError: null,
  };
}

function photo(id: string, category: PhotoCategory, subcategory: string, phase: CapturePhase): Photo {
  return {
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
    category,
    subcategory,
    phase,
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
    filePath: `${SESSION_ID}/${id}.jpg`,
    url: `/files/${id}`,
    thumbSmallUrl: null,
    thumbLargeUrl: null,
    annotation: null,
    deletedAt: null,
    purgeAt: null,
    createdAt: '2026-11-23T08:05:00Z',
    updatedAt: '2026-11-23T08:05:00Z',
  };
}

/** Every required shot of the session above: overview, the front and rear, both slopes and their test squares. */
const requiredPhotos = (): Photo[] => [
  photo('p1', 'overview', 'front_of_house', 'overview'),
  photo('p2', 'overview', 'address', 'overview'),
  photo('p3', 'elevation', 'front', 'elevations'),
  photo('p4', 'elevation', 'rear', 'elevations'),
  photo('p5', 'roof', 'slope_n', 'roof'),
  photo('p6', 'roof', 'test_square_n', 'roof'),
  photo('p7', 'roof', 'slope_s', 'roof'),
  photo('p8', 'roof', 'test_square_s', 'roof'),
  photo('p9', 'roof', 'slope_n', 'roof'),
];

function queuedPhoto(id: string, category: PhotoCategory, subcategory: string, phase: CapturePhase | null): QueuedPhotoView {
  return {
    id,
    sessionId: SESSION_ID,
    status: 'pending',
    progress: 0,
    retryCount: 0,
    error: null,
    metadata: { category, subcategory, phase, photoType: null, notes: null, structureId: 'house', gpsCoords: null, timestamp: 1 },
    mimeType: 'image/jpeg',
    sha256: id.padEnd(64, '0'),
    storedId: null,
  };
}

beforeEach(() => {
  // The company last read is kept for offline use: each test starts with none.
  localStorage.clear();
  store.session = session();
  queue.queued = [];
});

function renderAnalysis() {
  answerSession(alice);
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId/analysis" element={<AnalysisPage />} />
    </Routes>,
    { url: `/field-inspection/${SESSION_ID}/analysis` },
  );
}

const recommendation = () => screen.findByRole('heading', { level: 2, name: /^Recommendation: / });
const reasons = () =>
  within(screen.getByRole('list', { name: 'Reasons' }))
    .getAllByRole('listitem')
    .map((li) => li.textContent);

describe('/field-inspection/:id/analysis', () => {
  it('recommends replacing when a slope reaches the threshold, naming the slope and its hits', async () => {
    answerCompany();
    answer('GET /api/inspections/:id/photos', json({ photos: requiredPhotos() }));
    renderAnalysis();

    expect(await screen.findByRole('heading', { level: 1, name: 'Analysis' })).toBeInTheDocument();
    expect(await recommendation()).toHaveTextContent('Recommendation: Replace');
    expect(reasons()).toEqual(['Main house N slope: test square has 11 hits, at or above the threshold of 8.']);
    expect(document.title).toBe('Analysis - Ridgeline');

    // Photos per slope with the test squares as adjusters read them; per elevation.
    const slopes = screen.getByRole('region', { name: 'Roof slopes and test squares' });
    expect(within(slopes).getByText('N slope').closest('li')).toHaveTextContent('2 photos · Test square N = 11 (1 photo)');
    expect(within(slopes).getByText('S slope').closest('li')).toHaveTextContent('1 photo · Test square S = 3 (1 photo)');
    const elevations = screen.getByRole('region', { name: 'Elevations' });
    expect(within(elevations).getByText('Front').closest('li')).toHaveTextContent('1 photo');
    expect(screen.getByRole('region', { name: 'Missing required shots' })).toHaveTextContent('Every required shot has a photo.');

    // What comes next.
    expect(screen.getByRole('link', { name: 'Measurements' })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/measurements`);
    expect(screen.getByRole('link', { name: 'Estimate' })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/estimate`);
  });

  it('recommends a repair with the company’s higher threshold when damage photos exist', async () => {
    answerCompany({ hailHitThreshold: 12 });
    answer('GET /api/inspections/:id/photos', json({ photos: [...requiredPhotos(), photo('d1', 'damage', 'hail', 'detail')] }));
    renderAnalysis();

    expect(await recommendation()).toHaveTextContent('Recommendation: Repair');
    expect(reasons()).toEqual([
      '1 damage photo taken.',
      'Main house N slope: 11 hits, below the threshold of 12.',
      'Main house S slope: 3 hits, below the threshold of 12.',
    ]);
    expect(screen.getByText(/test square has 12 hits or more \(your company’s threshold/)).toBeInTheDocument();
  });

  it('says there is not enough evidence while shots are missing or a test square is not counted, with links to take them', async () => {
    store.session = session({ N: 5, S: null });
    answerCompany();
    answer('GET /api/inspections/:id/photos', json({ photos: requiredPhotos().filter((p) => p.subcategory !== 'rear' && p.subcategory !== 'test_square_s') }));
    renderAnalysis();

    expect(await recommendation()).toHaveTextContent('Recommendation: Not enough evidence');
    expect(reasons()).toEqual([
      'Main house S slope: no test square recorded.',
      '2 required shots missing: Rear, Test square S = ?.',
      'Main house N slope: 5 hits, below the threshold of 8.',
    ]);
    const missing = screen.getByRole('region', { name: 'Missing required shots' });
    expect(within(missing).getByRole('link', { name: 'Elevations photos: Rear' })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/elevations`);
    expect(within(missing).getByRole('link', { name: 'Roof photos: Test square S = ?' })).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/roof`);
    expect(
      within(screen.getByRole('region', { name: 'Roof slopes and test squares' }))
        .getByText('S slope')
        .closest('li'),
    ).toHaveTextContent('Test square S = ? (not counted)');
  });

  it('works from the device with no signal: queued photos count, the default threshold is used, nothing is asked of the server', async () => {
    browser.online = false;
    queue.queued = requiredPhotos().map((p) => queuedPhoto(p.id, p.category, p.subcategory ?? '', p.phase));
    renderAnalysis();

    expect(await recommendation()).toHaveTextContent('Recommendation: Replace');
    expect(screen.getByText(/the default: your company’s own threshold could not be read/)).toBeInTheDocument();
    expect(screen.getByText(/No signal: photos already uploaded from other devices are not counted/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Missing required shots' })).toHaveTextContent('Every required shot has a photo.');
    expect(sentPaths().filter((p) => !p.includes('/api/auth/'))).toEqual([]);
  });

  it('renders its heading and no error for an id this device does not have', async () => {
    store.session = undefined;
    answerCompany();
    renderAnalysis();
    expect(await screen.findByRole('heading', { level: 1, name: 'Analysis' })).toBeInTheDocument();
    expect(screen.getByText('Inspection not found')).toBeInTheDocument();
  });
});
