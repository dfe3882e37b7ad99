import 'fake-indexeddb/auto';
import { cleanup, screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, json, sent, sentPaths } from '../test/fake-server';
import { answerEstimateReads, fakeEstimate, MEASURED_SESSION_ID } from '../test/estimating-fakes';
import { fakePhoto } from '../features/reports/editor/editor-fakes';
import { fakeInspection } from '../test/inspection-fakes';
import { controlBrowserOnline, renderWithSession } from '../test/render-with-session';
import { alice, answerSession } from '../test/session-fakes';
import { clearInspectionDb } from '../offline/inspection-db';
import { createLocalInspection } from '../offline/inspection-store';
import { storeServerCopy } from '../offline/inspection-sync';
import SessionEstimateRoute from './session-estimate-route';

/** Reading IndexedDB and the first answers can take a few seconds on a busy machine. */
const SLOW = { timeout: 8_000 };

const browser = controlBrowserOnline();

function renderAt(sessionId: string) {
  answerSession(alice);
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId/estimate" element={<SessionEstimateRoute />} />
    </Routes>,
    { url: `/field-inspection/${sessionId}/estimate` },
  );
}

beforeEach(async () => {
  await clearInspectionDb();
});
// Unmount first: a screen still rendered would see its session vanish and ask the server for it,
// a request that lands in the next test.
afterEach(async () => {
  cleanup();
  await clearInspectionDb();
});

// Reading IndexedDB and rendering the lazy step can be slow on a busy machine: more than the default 5 s.
describe('/field-inspection/:sessionId/estimate', { timeout: 30_000 }, () => {
  it('says plainly that a session only on this device has no estimate yet, and asks the server nothing about it', async () => {
    browser.online = false;
    const id = await createLocalInspection(alice.id, { fields: { street: '12 Hail Rd' } });
    renderAt(id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Estimate' }, SLOW)).toBeInTheDocument();
    expect(await screen.findByText(/only on this device so far/, {}, SLOW)).toBeInTheDocument();
    expect(sent().filter((r) => r.path.startsWith('/api/estimates') || r.path.startsWith('/api/measurements'))).toEqual([]);
    expect(document.title).toBe('Estimate - Ridgeline');
  });

  it('opens the saved estimate of a session on the server, with the next step', async () => {
    await storeServerCopy(alice.id, fakeInspection(MEASURED_SESSION_ID, { street: '12 Oak St' }));
    answer('GET /api/inspections/:id', json(fakeInspection(MEASURED_SESSION_ID, { street: '12 Oak St' })));
    answer('GET /api/inspections', json({ sessions: [], total: 0 }));
    answerEstimateReads({ estimates: [fakeEstimate()] });
    answer('GET /api/inspections/:id/photos', json({ photos: [] }));
    renderAt(MEASURED_SESSION_ID);
    expect(await screen.findByRole('link', { name: 'Convert to claim file' }, SLOW)).toHaveAttribute(
      'href',
      `/field-inspection/${MEASURED_SESSION_ID}/convert`,
    );
    expect(screen.getByRole('button', { name: 'Save as new version' })).toBeInTheDocument();
  });

  it("prices the gutters of the structure whose gutter damage the session's photos show", async () => {
    // The session's first structure is the measurement's "main": a gutter photo of no structure counts for it.
    const session = fakeInspection(MEASURED_SESSION_ID, {
      street: '12 Oak St',
      structures: [{ id: 'main', name: 'Main house', kind: 'main_house', areas: ['roof', 'gutters'], slopes: [] }],
    });
    await storeServerCopy(alice.id, session);
    answer('GET /api/inspections/:id', json(session));
    answer('GET /api/inspections', json({ sessions: [], total: 0 }));
    answerEstimateReads();
    answer(
      'GET /api/inspections/:id/photos',
      json({
        photos: [
          fakePhoto(1, {
            sessionId: MEASURED_SESSION_ID,
            projectId: null,
            structureId: null,
            category: 'collateral',
            subcategory: 'gutter',
            phase: 'collateral',
          }),
        ],
      }),
    );
    renderAt(MEASURED_SESSION_ID);
    const table = await screen.findByRole('table', { name: 'Estimate lines' }, SLOW);
    // The measurement's eave: 80 LF.
    const gutters = within(table).getByRole('row', { name: /R&R Gutter \/ downspout/ });
    expect(gutters).toHaveTextContent('Eave 80 LF where gutter damage was photographed (1 photo)');
    // The line names its photo and shows it.
    expect(gutters).toHaveTextContent('Supported by 1 photo');
    expect(within(gutters).getAllByRole('img')).toHaveLength(1);
    // Every photo of the session is read once: each kind of damage beyond the roof is priced from them.
    expect(sentPaths().filter((p) => p.includes('/photos'))).toEqual([`GET /api/inspections/${MEASURED_SESSION_ID}/photos`]);
  });
});
