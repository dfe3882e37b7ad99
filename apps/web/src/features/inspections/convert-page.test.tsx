import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { LocalInspection } from '../../offline/inspection-store';
import type { QueuedPhotoView } from '../../offline/upload-queue';
import { answerSessionNumbers, fakeConvertResult } from '../../test/claim-flow-fakes';
import { answer, apiError, json, sent, sentPaths } from '../../test/fake-server';
import { fakeInspection } from '../../test/inspection-fakes';
import { answerProjects, fakeProject, fakeProjectList } from '../../test/project-fakes';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import ConvertPage from './convert-page';

// The convert screen over this device's session (faked: the store has its own tests) and the fake
// API: what moves, a new claim file or an existing one chosen by search, the toast and the project
// page after, the plan's limit with the way to pricing, a converted session opening its own file
// again, and plain words with no signal or before the session reached the server.

const store = vi.hoisted(() => ({
  session: undefined as LocalInspection | undefined,
  pullInspection: vi.fn(async () => null),
  syncInspections: vi.fn(async () => undefined),
}));
const queue = vi.hoisted(() => ({ queued: [] as QueuedPhotoView[] }));
const toast = vi.hoisted(() => ({ success: vi.fn(), error: vi.fn(), warning: vi.fn(), info: vi.fn() }));

vi.mock('../../offline/inspection-store', () => ({
  useLocalInspection: () => ({ session: store.session, loading: false }),
  pullInspection: store.pullInspection,
  syncInspections: store.syncInspections,
}));
vi.mock('../../offline/use-inspection-sync', () => ({ useInspectionSync: () => undefined }));
vi.mock('../../offline/upload-queue', () => ({
  useQueuedPhotos: () => queue.queued,
  useUploadSummary: () => ({ total: 0, completed: 0, uploading: 0, pending: 0, failed: 0, online: true }),
}));
vi.mock('../../lib/toast', () => ({ notify: toast }));

const browser = controlBrowserOnline();
const SESSION_ID = '0b7d2a52-6a4c-4c39-9a43-3f0fb6d0c0c1';
const PROJECT_ID = '00000000-0000-4000-8000-0000000000f1';
const OTHER_ID = '00000000-0000-4000-8000-0000000000f2';

function session(overrides: Partial<LocalInspection> = {}): LocalInspection {
  return {
    ...fakeInspection(SESSION_ID, { street: '12 Elm St', homeownerName: 'Pat Miller', photoCount: 12 }),
    pendingCreate: false,
    dirty: {},
    syncError: null,
    ...overrides,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  store.session = session();
  queue.queued = [];
});

function ProjectMarker() {
  return <h1>Project {useParams().id}</h1>;
}

function renderConvert() {
  answerSession(alice);
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId/convert" element={<ConvertPage />} />
      <Route path="/projects/:id" element={<ProjectMarker />} />
    </Routes>,
    { url: `/field-inspection/${SESSION_ID}/convert` },
  );
}

describe('/field-inspection/:id/convert', () => {
  it('makes a new claim file: says what moves, converts, toasts and opens the project', async () => {
    answerSessionNumbers(SESSION_ID, { measurements: 1, versions: 2 });
    answerProjects(fakeProjectList([fakeProject()]));
    answer('POST /api/inspections/:id/convert', json(fakeConvertResult(PROJECT_ID), { status: 201 }));
    renderConvert();

    expect(await screen.findByRole('heading', { level: 1, name: 'Convert to claim file' })).toBeInTheDocument();
    expect(document.title).toBe('Convert to claim file - Ridgeline');
    const moves = screen.getByRole('region', { name: 'What moves to the claim file' });
    await waitFor(() => expect(moves).toHaveTextContent('Photos12 photosMeasurements1 measurementEstimate versions2 versions'));
    expect(screen.getByRole('radio', { name: 'Create a new claim file' })).toBeChecked();
    await waitFor(() =>
      expect(screen.getByRole('radio', { name: 'Create a new claim file' })).toHaveAccessibleDescription('Uses an active file of your plan: 1 of 25 in use.'),
    );

    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));

    expect(await screen.findByRole('heading', { level: 1, name: `Project ${PROJECT_ID}` })).toBeInTheDocument();
    expect(sent(`POST /api/inspections/${SESSION_ID}/convert`)[0]?.body).toEqual({ mode: 'new' });
    expect(toast.success).toHaveBeenCalledWith('Claim file ready', '12 photos, 1 measurement and 2 estimate versions are on the claim file.');
    expect(store.pullInspection).toHaveBeenCalledWith(alice.id, SESSION_ID);
  });

  it('attaches to an existing claim file found by search, and asks for one when none is chosen', async () => {
    answerSessionNumbers(SESSION_ID);
    answerProjects((request) => {
      const q = request.url.searchParams.get('q');
      return json(
        fakeProjectList(
          q === 'smith'
            ? [fakeProject({ id: OTHER_ID, title: 'Smith roof', claimNumber: 'CLM-9' })]
            : [fakeProject(), fakeProject({ id: OTHER_ID, title: 'Smith roof' })],
        ),
      );
    });
    answer('POST /api/inspections/:id/convert', json(fakeConvertResult(OTHER_ID, { created: false, measurements: 0, estimates: 0 })));
    renderConvert();

    await userEvent.click(await screen.findByRole('radio', { name: 'Attach to an existing claim file' }));
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByText('Choose the claim file to attach this inspection to')).toBeInTheDocument();
    expect(sentPaths().some((p) => p.startsWith('POST '))).toBe(false);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search claim files' }), 'smith');
    const choices = await screen.findByRole('group', { name: 'Claim file to attach to' });
    await waitFor(() => expect(within(choices).getAllByRole('radio')).toHaveLength(1));
    const smith = within(choices).getByRole('radio', { name: 'Smith roof' });
    expect(smith).toHaveAccessibleDescription('12 Oak St, Austin, TX 78701 · Claim CLM-9');
    await userEvent.click(smith);
    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));

    expect(await screen.findByRole('heading', { level: 1, name: `Project ${OTHER_ID}` })).toBeInTheDocument();
    expect(sent(`POST /api/inspections/${SESSION_ID}/convert`)[0]?.body).toEqual({ mode: 'attach', projectId: OTHER_ID });
    expect(sent('GET /api/projects').some((r) => r.url.searchParams.get('q') === 'smith')).toBe(true);
  });

  it('shows the plan’s message and the way to pricing when no active-file slot is free', async () => {
    answerSessionNumbers(SESSION_ID);
    answerProjects(fakeProjectList([fakeProject()]));
    const message = 'Your Starter plan allows 5 active files. Close a file or upgrade your plan.';
    answer('POST /api/inspections/:id/convert', apiError('ACTIVE_FILE_LIMIT', { message }));
    renderConvert();

    await userEvent.click(await screen.findByRole('button', { name: 'Convert' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).getByRole('link', { name: 'See plans and pricing' })).toHaveAttribute('href', '/pricing');
    expect(screen.getByRole('heading', { level: 1, name: 'Convert to claim file' })).toBeInTheDocument();
    expect(toast.success).not.toHaveBeenCalled();
  });

  it('says a converted session is on its claim file, and converting again opens the same one', async () => {
    store.session = session({ projectId: PROJECT_ID });
    answerSessionNumbers(SESSION_ID, { measurements: 1, versions: 1 });
    answer('POST /api/inspections/:id/convert', json(fakeConvertResult(PROJECT_ID, { created: false })));
    renderConvert();

    const note = await screen.findByText(/Already converted: this inspection is on a claim file/);
    expect(within(note).getByRole('link', { name: 'Open the claim file' })).toHaveAttribute('href', `/projects/${PROJECT_ID}`);
    expect(screen.queryByRole('radio')).not.toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Project ${PROJECT_ID}` })).toBeInTheDocument();
    expect(sent(`POST /api/inspections/${SESSION_ID}/convert`)).toHaveLength(1);
  });

  it('sends this device’s last edits before converting', async () => {
    store.session = session({ dirty: { homeownerName: '2026-11-23T09:00:00Z' } });
    answerSessionNumbers(SESSION_ID);
    answerProjects(fakeProjectList([]));
    answer('POST /api/inspections/:id/convert', json(fakeConvertResult(PROJECT_ID)));
    renderConvert();

    await userEvent.click(await screen.findByRole('button', { name: 'Convert' }));
    expect(await screen.findByRole('heading', { level: 1, name: `Project ${PROJECT_ID}` })).toBeInTheDocument();
    expect(store.syncInspections).toHaveBeenCalledWith(alice.id);
  });

  it('says plainly that converting needs a signal, and that a session only on this device must sync first', async () => {
    browser.online = false;
    const view = renderConvert();
    expect(await screen.findByText(/No signal. A claim file is made on the server/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    view.unmount();

    browser.online = true;
    store.session = session({ pendingCreate: true });
    renderConvert();
    expect(await screen.findByText(/This inspection is only on this device so far/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Convert' })).not.toBeInTheDocument();
    expect(sentPaths().filter((p) => !p.includes('/api/auth/'))).toEqual([]);
  });
});
