import 'fake-indexeddb/auto';
import { cleanup, screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { answer, json, sent } from '../test/fake-server';
import { answerEstimateReads, fakeEstimate, MEASURED_SESSION_ID } from '../test/estimating-fakes';
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
    renderAt(MEASURED_SESSION_ID);
    expect(await screen.findByRole('link', { name: 'Convert to claim file' }, SLOW)).toHaveAttribute('href', `/field-inspection/${MEASURED_SESSION_ID}/convert`);
    expect(screen.getByRole('button', { name: 'Save as new version' })).toBeInTheDocument();
  });
});
