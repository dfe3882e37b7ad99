import 'fake-indexeddb/auto';
import { screen } from '@testing-library/react';
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
afterEach(async () => {
  await clearInspectionDb();
});

describe('/field-inspection/:sessionId/estimate', () => {
  it('says plainly that a session only on this device has no estimate yet, and asks the server nothing about it', async () => {
    browser.online = false;
    const id = await createLocalInspection(alice.id, { fields: { street: '12 Hail Rd' } });
    renderAt(id);
    expect(await screen.findByRole('heading', { level: 1, name: 'Estimate' })).toBeInTheDocument();
    expect(await screen.findByText(/only on this device so far/)).toBeInTheDocument();
    expect(sent().filter((r) => r.path.startsWith('/api/estimates') || r.path.startsWith('/api/measurements'))).toEqual([]);
    expect(document.title).toBe('Estimate - Ridgeline');
  });

  it('opens the saved estimate of a session on the server, with the next step', async () => {
    await storeServerCopy(alice.id, fakeInspection(MEASURED_SESSION_ID, { street: '12 Oak St' }));
    answer('GET /api/inspections/:id', json(fakeInspection(MEASURED_SESSION_ID, { street: '12 Oak St' })));
    answer('GET /api/inspections', json({ sessions: [], total: 0 }));
    answerEstimateReads({ estimates: [fakeEstimate()] });
    renderAt(MEASURED_SESSION_ID);
    expect(await screen.findByRole('link', { name: 'Convert to claim file' })).toHaveAttribute('href', `/field-inspection/${MEASURED_SESSION_ID}/convert`);
    expect(screen.getByRole('button', { name: 'Save as new version' })).toBeInTheDocument();
  });
});
