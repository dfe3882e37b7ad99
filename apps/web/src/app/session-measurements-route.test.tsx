import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Structure } from '@ridgeline/shared/contracts/inspections';
import { answer, json, networkFailure, sent } from '../test/fake-server';
import { fakeInspection } from '../test/inspection-fakes';
import { answerMeasurementWrites, fakeMeasurement, fakeStructure, MEASUREMENT_ID } from '../test/measurement-fakes';
import { controlBrowserOnline, renderWithSession } from '../test/render-with-session';
import { alice, answerSession } from '../test/session-fakes';
import { clearInspectionDb } from '../offline/inspection-db';
import { createLocalInspection } from '../offline/inspection-store';
import { storeServerCopy } from '../offline/inspection-sync';
import SessionMeasurementsRoute from './session-measurements-route';

// The session's Measurements step: it starts from the session's structures and slopes, creates the
// measurement on the first save and saves it in place after; with no server copy of the session it
// says so and sends nothing.

const browser = controlBrowserOnline();
const SESSION_ID = '5f0c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const house: Structure = {
  id: 'house',
  name: 'Main house',
  kind: 'main_house',
  areas: ['roof'],
  slopes: [
    { direction: 'N', testSquareHits: 9 },
    { direction: 'S', testSquareHits: 2 },
  ],
};
const fence: Structure = { id: 'fence', name: 'Back fence', kind: 'fence', areas: ['collateral'], slopes: [] };

function renderAt(url: string) {
  answerSession(alice);
  // The session sync's read of the user's sessions.
  answer('GET /api/inspections', json({ sessions: [], total: 0 }));
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/:sessionId/measurements" element={<SessionMeasurementsRoute />} />
      <Route path="/field-inspection/:sessionId/analysis" element={<p>The analysis</p>} />
    </Routes>,
    { url },
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

const TIMEOUT = 30_000;
const SLOW = { timeout: 8_000 };

describe('/field-inspection/:sessionId/measurements', () => {
  it(
    'starts from the session structures, creates the measurement on the first save and saves it in place after',
    async () => {
      const session = fakeInspection(SESSION_ID, { street: '12 Hail Rd', structures: [house, fence] });
      await storeServerCopy(alice.id, session);
      answer('GET /api/inspections/:id', json(session));
      answer('GET /api/measurements', json({ measurements: [] }));
      answerMeasurementWrites({ sessionId: SESSION_ID });
      renderAt(`/field-inspection/${SESSION_ID}/measurements`);

      expect(await screen.findByRole('heading', { level: 1, name: 'Measurements' }, SLOW)).toBeInTheDocument();
      const region = await screen.findByRole('region', { name: 'Main house' }, SLOW);
      // A facet per roof slope; the fence has no roof.
      expect(within(region).getByLabelText('Facet 1 name')).toHaveValue('N slope');
      expect(within(region).getByLabelText('Facet 2 name')).toHaveValue('S slope');
      expect(screen.queryByRole('region', { name: 'Back fence' })).not.toBeInTheDocument();
      expect(sent('GET /api/measurements')[0]?.path).toBe(`/api/measurements?sessionId=${SESSION_ID}`);
      expect(screen.queryByRole('link', { name: 'Next: Analysis' })).not.toBeInTheDocument();

      await userEvent.type(within(region).getByLabelText('Facet 1 pitch (rise/12)'), '6');
      await userEvent.type(within(region).getByLabelText('Facet 1 plan area (sq ft)'), '1000');
      await userEvent.type(within(region).getByLabelText('Facet 2 pitch (rise/12)'), '6');
      await userEvent.type(within(region).getByLabelText('Facet 2 plan area (sq ft)'), '1000');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));

      await waitFor(() => expect(sent('POST /api/measurements')).toHaveLength(1));
      const body = sent('POST /api/measurements')[0]?.body as { sessionId: string; structures: { structureId: string; facets: unknown[] }[] };
      expect(body.sessionId).toBe(SESSION_ID);
      expect(body.structures).toHaveLength(1);
      expect(body.structures[0]?.structureId).toBe('house');
      expect(body.structures[0]?.facets).toHaveLength(2);
      expect(await screen.findByRole('link', { name: 'Next: Analysis' }, SLOW)).toHaveAttribute('href', `/field-inspection/${SESSION_ID}/analysis`);

      // The second save changes the one measurement.
      await userEvent.type(within(region).getByLabelText('Ridge (LF)'), '45');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      const puts = () => sent().filter((r) => r.method === 'PUT');
      await waitFor(() => expect(puts()).toHaveLength(1));
      expect(puts()[0]?.path).toBe(`/api/measurements/${MEASUREMENT_ID}`);
      expect(puts()[0]?.body).toMatchObject({ structures: [{ linear: { ridge: 45 } }] });
      expect(sent('POST /api/measurements')).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'opens a saved measurement with its figures',
    async () => {
      const session = fakeInspection(SESSION_ID, { structures: [house] });
      await storeServerCopy(alice.id, session);
      answer('GET /api/inspections/:id', json(session));
      answer('GET /api/measurements', json({ measurements: [fakeMeasurement({ sessionId: SESSION_ID, structures: [fakeStructure({ wastePct: 15 })] })] }));
      renderAt(`/field-inspection/${SESSION_ID}/measurements`);
      const region = await screen.findByRole('region', { name: 'Main house' }, SLOW);
      expect(within(region).getByLabelText('Facet 1 plan area (sq ft)')).toHaveValue('1000');
      expect(within(region).getByLabelText('Waste %')).toHaveValue('15');
      expect(within(within(region).getByLabelText('Main house totals')).getByText('Order squares').nextElementSibling).toHaveTextContent('12.86');
      expect(screen.getByRole('link', { name: 'Next: Analysis' })).toBeInTheDocument();
    },
    TIMEOUT,
  );

  it(
    'opens from the session with no connection, says so, and keeps what was typed when the save cannot reach the server',
    async () => {
      const session = fakeInspection(SESSION_ID, { street: '12 Hail Rd', structures: [house] });
      await storeServerCopy(alice.id, session);
      browser.online = false;
      answer('GET /api/measurements', networkFailure());
      answer('POST /api/measurements', networkFailure());
      renderAt(`/field-inspection/${SESSION_ID}/measurements`);
      const region = await screen.findByRole('region', { name: 'Main house' }, SLOW);
      expect(screen.getByText(/No connection: the saved measurements cannot be read now\./)).toBeInTheDocument();
      await userEvent.type(within(region).getByLabelText('Facet 1 pitch (rise/12)'), '6');
      await userEvent.type(within(region).getByLabelText('Facet 1 plan area (sq ft)'), '900');
      await userEvent.click(within(region).getByRole('button', { name: 'Remove facet 2' }));
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await screen.findByRole('alert', {}, SLOW)).toHaveTextContent('Measurements are saved to the server; connect to save them.');
      expect(within(region).getByLabelText('Facet 1 plan area (sq ft)')).toHaveValue('900');
    },
    TIMEOUT,
  );

  it(
    'keeps what was typed and sends nothing for a session that is only on this device',
    async () => {
      browser.online = false;
      const id = await createLocalInspection(alice.id, { fields: { street: '1 Wind Way', structures: [house] } });
      renderAt(`/field-inspection/${id}/measurements`);
      const region = await screen.findByRole('region', { name: 'Main house' }, SLOW);
      expect(screen.getAllByText(/Measurements are saved to the server; connect to save them\./).length).toBeGreaterThan(0);
      await userEvent.type(within(region).getByLabelText('Facet 1 pitch (rise/12)'), '6');
      await userEvent.type(within(region).getByLabelText('Facet 1 plan area (sq ft)'), '900');
      await userEvent.type(within(region).getByLabelText('Facet 2 pitch (rise/12)'), '6');
      await userEvent.type(within(region).getByLabelText('Facet 2 plan area (sq ft)'), '900');
      await userEvent.click(screen.getByRole('button', { name: 'Save measurements' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Measurements are saved to the server; connect to save them.');
      expect(within(region).getByLabelText('Facet 1 plan area (sq ft)')).toHaveValue('900');
      expect(sent().filter((r) => r.url.pathname.startsWith('/api/measurements'))).toHaveLength(0);
    },
    TIMEOUT,
  );
});
