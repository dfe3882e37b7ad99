import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Photo } from '@ridgeline/shared/contracts/photos';
import type { LocalInspection } from '../../offline/inspection-store';
import { answerSessionNumbers, fakeMe } from '../../test/claim-flow-fakes';
import { answer, json } from '../../test/fake-server';
import { fakeInspection } from '../../test/inspection-fakes';
import { fakeProject } from '../../test/project-fakes';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import SessionOverviewPage from './session-overview-page';

// The overview's steps after the walk: measurements, analysis, estimate and the claim file, each a
// link named by its step alone, done from the server's numbers and the device's test squares.

const store = vi.hoisted(() => ({ session: undefined as LocalInspection | undefined }));
vi.mock('../../offline/inspection-store', () => ({ useLocalInspection: () => ({ session: store.session, loading: false }) }));
vi.mock('../../offline/use-inspection-sync', () => ({ useInspectionSync: () => undefined }));
vi.mock('../../offline/upload-queue', () => ({
  useQueuedPhotos: () => [],
  useUploadSummary: () => ({ total: 0, completed: 0, uploading: 0, pending: 0, failed: 0, online: true }),
}));

const browser = controlBrowserOnline();
const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c0b1';
const PROJECT_ID = '00000000-0000-4000-8000-0000000000f1';

function session(overrides: Parameters<typeof fakeInspection>[1] = {}): LocalInspection {
  return {
    ...fakeInspection(SESSION_ID, {
      street: '12 Elm St',
      structures: [
        {
          id: 'house',
          name: 'Main house',
          kind: 'main_house',
          areas: ['roof'],
          slopes: [
            { direction: 'N', testSquareHits: 11 },
            { direction: 'S', testSquareHits: null },
          ],
        },
      ],
      ...overrides,
    }),
    pendingCreate: false,
    dirty: {},
    syncError: null,
  };
}

beforeEach(() => {
  store.session = session();
});

/** A photo of the session as the server lists it. */
function serverPhoto(id: string, category: Photo['category'], subcategory: string, phase: Photo['phase']): Photo {
  return {
    id,
    sessionId: SESSION_ID,
    projectId: null,
    structureId: 'house',
    fileName: `${id}.jpg`,
    fileSize: 1000,
    mimeType: 'image/jpeg',
    sha256: id.padEnd(64, '0'),
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
    uploadedBy: null,
    filePath: `${SESSION_ID}/${category}/${subcategory}/${id}_1.jpg`,
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

function renderOverview(photos: Photo[] = []) {
  answerSession(alice);
  // The gallery's lightbox reads the user's role (who may delete a photo).
  answer('GET /api/me', json(fakeMe('member')));
  answer('GET /api/inspections/:id/photos', json({ photos }));
  answer('GET /api/inspections/:id/activity', json({ entries: [] }));
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId" element={<SessionOverviewPage />} />
    </Routes>,
    { url: `/field-inspection/${SESSION_ID}` },
  );
}

const step = (name: string) => screen.getByRole('link', { name });

describe('/field-inspection/:id steps after the walk', () => {
  it('links to measurements, analysis, estimate and convert, each named by its step', async () => {
    answerSessionNumbers(SESSION_ID);
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inspection overview' })).toBeInTheDocument();

    const base = `/field-inspection/${SESSION_ID}`;
    expect(step('Measurements')).toHaveAttribute('href', `${base}/measurements`);
    expect(step('Analysis')).toHaveAttribute('href', `${base}/analysis`);
    expect(step('Estimate')).toHaveAttribute('href', `${base}/estimate`);
    expect(step('Convert to claim file')).toHaveAttribute('href', `${base}/convert`);
    expect(await screen.findByText('Not measured yet')).toBeInTheDocument();
    expect(step('Measurements')).toHaveAccessibleDescription('To do: Not measured yet');
    expect(step('Analysis')).toHaveAccessibleDescription('To do: Test squares N = 11, S = ?');
    expect(step('Estimate')).toHaveAccessibleDescription('To do: Not started yet');
    expect(step('Convert to claim file')).toHaveAccessibleDescription('To do: Not converted yet');
    // The walk's steps keep their own words.
    expect(step('Areas to inspect')).toHaveAccessibleDescription('Done: 1 area, 2 roof slopes');
    // Issue 36: only the roof was chosen, so elevations, collateral and interior are no steps, and the
    // close-ups are optional (not counted): 9 steps, not 13.
    const progress = screen.getByRole('region', { name: 'Progress' });
    expect(within(progress).getByText('2 of 9 steps done')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Interior photos' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Elevations photos' })).toBeNull();
    expect(step('Detail photos')).toHaveAccessibleDescription('Optional · No photos yet');
  });

  it('issue 36: gutters and siding chosen are steps of their own shots; the inspection is completed, saying what is still missing', async () => {
    store.session = session({
      structures: [
        { id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof', 'gutters', 'siding'], slopes: [{ direction: 'N', testSquareHits: 11 }] },
      ],
    });
    answerSessionNumbers(SESSION_ID);
    renderOverview();
    expect(await screen.findByText('0 of 1 required shots · 0 photos')).toBeInTheDocument();
    expect(step('Elevations photos')).toHaveAccessibleDescription('To do: 0 of 1 required shots · 0 photos');
    expect(step('Collateral photos')).toHaveAccessibleDescription('To do: 0 of 2 required shots · 0 photos');
    expect(screen.queryByRole('link', { name: 'Interior photos' })).toBeNull();
    const card = screen.getByRole('region', { name: 'Complete the inspection' });
    const missing = within(card).getByRole('list', { name: 'Still missing' });
    expect(within(missing).getByText('Collateral photos')).toBeInTheDocument();
    expect(within(missing).getByText('Measurements')).toBeInTheDocument();
    expect(within(missing).queryByText('Convert to claim file')).toBeNull();
    expect(within(card).getByRole('button', { name: 'Complete anyway' })).toBeInTheDocument();
  });

  it('marks them done once measured, counted, estimated and converted', async () => {
    store.session = session({
      projectId: PROJECT_ID,
      structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [{ direction: 'N', testSquareHits: 11 }] }],
    });
    answerSessionNumbers(SESSION_ID, { measurements: 1, versions: 2 });
    answer(
      'GET /api/projects/:id',
      json({
        ...fakeProject({ id: PROJECT_ID, title: 'Hail claim, Elm St' }),
        homeownerPhone: null,
        homeownerEmail: null,
        latitude: null,
        longitude: null,
        adjuster: null,
        carrierName: null,
        policyNumber: null,
        lossTypeSource: 'classified',
        lossDescription: null,
        deductibleCents: null,
        acvCents: null,
        depreciationCents: null,
        serviceType: null,
        closedAt: null,
        createdBy: null,
      }),
    );
    renderOverview();

    expect(await screen.findByText('Roof measured')).toBeInTheDocument();
    expect(step('Measurements')).toHaveAccessibleDescription('Done: Roof measured');
    expect(step('Analysis')).toHaveAccessibleDescription('Done: Test squares N = 11');
    expect(await screen.findByText('2 versions')).toBeInTheDocument();
    expect(step('Estimate')).toHaveAccessibleDescription('Done: 2 versions');
    expect(step('Convert to claim file')).toHaveAccessibleDescription('Done: On a claim file');
    // The inspection names its claim file, linked (decision 041).
    expect(await screen.findByRole('link', { name: 'Hail claim, Elm St' })).toHaveAttribute('href', `/projects/${PROJECT_ID}`);
  });

  it('asks the server nothing about them with no signal', async () => {
    browser.online = false;
    renderOverview();
    expect(await screen.findByRole('heading', { level: 1, name: 'Inspection overview' })).toBeInTheDocument();
    expect(step('Measurements')).toHaveAccessibleDescription('To do: Facets and lines of the roof');
    expect(step('Estimate')).toHaveAccessibleDescription('To do: Line items and totals');
  });

  it('marks a capture phase done only when its required shots have photos, as the analysis counts them', async () => {
    store.session = session({ photosByPhase: { overview: 2, roof: 4 } });
    answerSessionNumbers(SESSION_ID);
    // Two photos in the overview, both of the front of house: the address is still missing.
    renderOverview([
      serverPhoto('p1', 'overview', 'front_of_house', 'overview'),
      serverPhoto('p2', 'overview', 'front_of_house', 'overview'),
      serverPhoto('p3', 'roof', 'slope_n', 'roof'),
      serverPhoto('p4', 'roof', 'test_square_n', 'roof'),
      serverPhoto('p5', 'roof', 'slope_s', 'roof'),
      serverPhoto('p6', 'roof', 'test_square_s', 'roof'),
    ]);
    expect(await screen.findByText('1 of 2 required shots · 2 photos')).toBeInTheDocument();
    expect(step('Overview photos')).toHaveAccessibleDescription('To do: 1 of 2 required shots · 2 photos');
    expect(step('Roof photos')).toHaveAccessibleDescription('Done: 4 of 4 required shots · 4 photos');
  });
});
