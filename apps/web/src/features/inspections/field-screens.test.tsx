import 'fake-indexeddb/auto';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes, useParams } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Project } from '@ridgeline/shared/contracts/projects';
import { answer, json, sent } from '../../test/fake-server';
import { fakeInspection } from '../../test/inspection-fakes';
import { fakeCarrier, fakeProject } from '../../test/project-fakes';
import { controlBrowserOnline, renderWithSession } from '../../test/render-with-session';
import { alice, answerSession } from '../../test/session-fakes';
import { clearInspectionDb, inspectionDb } from '../../offline/inspection-db';
import { createLocalInspection, getLocalInspection } from '../../offline/inspection-store';
import { storeServerCopy } from '../../offline/inspection-sync';
import AreasOfflinePage from './areas-offline-page';
import InsuranceDetailsPage from './insurance-details-page';
import NewInspectionOfflinePage from './new-inspection-offline-page';
import NewInspectionPage from './new-inspection-page';

const browser = controlBrowserOnline();
const SESSION_ID = '5f0c2b1e-3a4d-4e5f-8a9b-0c1d2e3f4a5b';
const PROJECT_ID = '00000000-0000-4000-8000-0000000000a1';

function AreasMarker() {
  return <p>Areas of {useParams().sessionId}</p>;
}

function renderAt(url: string) {
  answerSession(alice);
  return renderWithSession(
    <Routes>
      <Route path="/field-inspection/new" element={<NewInspectionPage />} />
      <Route path="/field-inspection/new-offline" element={<NewInspectionOfflinePage />} />
      <Route path="/field-inspection/:sessionId/areas-offline" element={<AreasOfflinePage />} />
      <Route path="/field-inspection/:sessionId/areas" element={<AreasMarker />} />
      <Route path="/field-inspection/:sessionId/insurance-details" element={<InsuranceDetailsPage />} />
      <Route path="/field-inspection/:sessionId/phase-offline/overview" element={<p>Overview capture</p>} />
      <Route path="/field-inspection/:sessionId" element={<p>The overview</p>} />
    </Routes>,
    { url },
  );
}

async function onlyRecord() {
  const records = await inspectionDb().sessions.where('userId').equals(alice.id).toArray();
  expect(records).toHaveLength(1);
  const [record] = records;
  if (!record) throw new Error('no record');
  return record;
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

// Typing whole forms is slow on a busy machine: these tests get more than the default 5 s.
const FORM_TEST_TIMEOUT_MS = 30_000;
/** Saving to IndexedDB and the next screen's lazy render can take a few seconds there too. */
const SLOW = { timeout: 8_000 };

describe('/field-inspection/new-offline', () => {
  it(
    'says what is missing, classifies the description live, and saves on the device with no request',
    async () => {
      browser.online = false;
      renderAt('/field-inspection/new-offline');
      expect(await screen.findByRole('heading', { level: 1, name: 'New Offline Inspection' })).toBeInTheDocument();
      // Main house by default.
      expect(screen.getByLabelText('Structure 1: name')).toHaveValue('Main house');

      await userEvent.click(screen.getByRole('button', { name: 'Next: Areas' }));
      expect(await screen.findByText('Enter the street address of the property.')).toBeInTheDocument();

      await userEvent.type(screen.getByLabelText('Street'), '12 Hail Rd');
      await userEvent.type(screen.getByLabelText('Homeowner name'), 'Ann Lee');
      await userEvent.type(screen.getByLabelText('Date of loss'), '2026-05-03');
      await userEvent.type(screen.getByLabelText('Loss description'), 'Hail dents on the north slope');
      expect(screen.getByText('Classified as: Hail')).toBeInTheDocument();

      await userEvent.click(screen.getByRole('button', { name: 'Add a structure' }));
      expect(screen.getByLabelText('Structure 2: kind')).toHaveValue('detached_garage');
      await userEvent.clear(screen.getByLabelText('Structure 2: name'));
      await userEvent.type(screen.getByLabelText('Structure 2: name'), 'Back garage');
      await userEvent.click(screen.getByRole('button', { name: 'Next: Areas' }));

      expect(await screen.findByRole('heading', { name: 'Areas to inspect' }, SLOW)).toBeInTheDocument();
      const record = await onlyRecord();
      expect(record.pending).toBe(1);
      expect(record.projectId).toBeNull();
      expect(record.values).toEqual({
        street: '12 Hail Rd',
        homeownerName: 'Ann Lee',
        dateOfLoss: '2026-05-03',
        lossDescription: 'Hail dents on the north slope',
        structures: [
          expect.objectContaining({ kind: 'main_house', name: 'Main house', areas: ['roof', 'front', 'right', 'rear', 'left'], slopes: [] }),
          expect.objectContaining({ kind: 'detached_garage', name: 'Back garage' }),
        ],
      });
      // The view classifies like the server will.
      expect(await getLocalInspection(alice.id, record.id)).toMatchObject({ lossType: 'hail', lossTypeSource: 'classified', pendingCreate: true });
      expect(sent().filter((r) => r.path.startsWith('/api/inspections') || r.path.startsWith('/api/projects'))).toEqual([]);
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it(
    'keeps at least one structure and sends a chosen loss type over the classification',
    async () => {
      browser.online = false;
      renderAt('/field-inspection/new-offline');
      expect(await screen.findByRole('button', { name: 'Remove structure 1' })).toBeDisabled();
      await userEvent.type(screen.getByLabelText('Street'), '1 Wind Way');
      await userEvent.type(screen.getByLabelText('Loss description'), 'hail');
      await userEvent.selectOptions(screen.getByLabelText('Loss type'), 'wind');
      await userEvent.click(screen.getByRole('button', { name: 'Next: Areas' }));
      await screen.findByRole('heading', { name: 'Areas to inspect' }, SLOW);
      const record = await onlyRecord();
      expect(record.values.lossType).toBe('wind');
      expect(await getLocalInspection(alice.id, record.id)).toMatchObject({ lossType: 'wind', lossTypeSource: 'overridden' });
    },
    FORM_TEST_TIMEOUT_MS,
  );
});

describe('/field-inspection/new?projectId=', () => {
  it(
    'fills the form from the project and creates the session on the server with the project id',
    async () => {
      const project: Project = {
        ...fakeProject({ id: PROJECT_ID, street: '40 Claim Ct', homeownerName: 'Jo Park', zip: null }),
        statusSuggestion: null,
        homeownerPhone: null,
        homeownerEmail: 'jo@example.com',
        latitude: null,
        longitude: null,
        adjuster: null,
        carrierName: null,
        policyNumber: null,
        lossTypeSource: 'classified',
        lossDescription: 'Wind took shingles',
        deductibleCents: null,
        acvCents: null,
        depreciationCents: null,
        serviceType: null,
        closedAt: null,
        createdBy: null,
      };
      answer('GET /api/projects/:id', json(project));
      answer('POST /api/inspections', (request) =>
        json(fakeInspection((request.body as { id: string }).id, { projectId: PROJECT_ID, street: '40 Claim Ct' }), { status: 201 }),
      );
      answer('GET /api/inspections', json({ sessions: [], total: 0 }));
      renderAt(`/field-inspection/new?projectId=${PROJECT_ID}`);

      await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('40 Claim Ct'));
      expect(screen.getByLabelText('Homeowner name')).toHaveValue('Jo Park');
      expect(screen.getByLabelText('Email')).toHaveValue('jo@example.com');
      expect(screen.getByText('Classified as: Wind')).toBeInTheDocument();
      await userEvent.click(screen.getByRole('button', { name: 'Next: Areas' }));

      await waitFor(() => expect(sent('POST /api/inspections')).toHaveLength(1));
      const body = sent('POST /api/inspections')[0]?.body as {
        id: string;
        projectId: string;
        fields: Record<string, unknown>;
        fieldEditedAt: Record<string, string>;
      };
      expect(body.projectId).toBe(PROJECT_ID);
      expect(body.fields).toMatchObject({
        street: '40 Claim Ct',
        homeownerName: 'Jo Park',
        homeownerEmail: 'jo@example.com',
        lossDescription: 'Wind took shingles',
      });
      // Empty boxes are left out, so the server fills them from the project.
      expect(body.fields).not.toHaveProperty('zip');
      expect(Object.keys(body.fieldEditedAt).sort()).toEqual(Object.keys(body.fields).sort());
      expect(await screen.findByText(`Areas of ${body.id}`, {}, SLOW)).toBeInTheDocument();
      await waitFor(async () => expect((await onlyRecord()).pending).toBe(0));
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it(
    'offers the inspection the claim file has before a re-inspection, and no empty form until asked',
    async () => {
      const project: Project = {
        ...fakeProject({ id: PROJECT_ID, title: 'Hail claim, Claim Ct', street: '40 Claim Ct' }),
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
        statusSuggestion: null,
      };
      answer('GET /api/projects/:id', json(project));
      const existing = {
        ...fakeInspection('5f1c7b1e-2b7a-4e57-9d61-6f1f3c0f9a10', { projectId: PROJECT_ID, street: '40 Claim Ct' }),
        createdAt: '2026-12-01T18:54:00.000Z',
      };
      answer('GET /api/inspections', json({ sessions: [existing], total: 1 }));
      answer('GET /api/inspections/:id', json(existing));
      renderAt(`/field-inspection/new?projectId=${PROJECT_ID}`);

      const choice = await screen.findByRole('region', { name: 'This claim file has an inspection' }, SLOW);
      expect(within(choice).getByRole('link', { name: /^Continue the inspection of Dec 1(, 2026)?$/ })).toHaveAttribute(
        'href',
        `/field-inspection/${existing.id}`,
      );
      expect(screen.queryByLabelText('Street')).not.toBeInTheDocument();
      await userEvent.click(within(choice).getByRole('button', { name: 'Start a re-inspection' }));
      await waitFor(() => expect(screen.getByLabelText('Street')).toHaveValue('40 Claim Ct'));
      expect(screen.getByText(/A re-inspection of the claim file/)).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT_MS,
  );
});

describe('/field-inspection/:sessionId/areas-offline', () => {
  it(
    'saves areas and roof slopes with their test-square hits on the device',
    async () => {
      browser.online = false;
      const id = await createLocalInspection(alice.id, {
        fields: { street: '12 Hail Rd', structures: [{ id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] }] },
      });
      renderAt(`/field-inspection/${id}/areas-offline`);
      const house = await screen.findByRole('region', { name: /Main house/ });
      await userEvent.click(within(house).getByRole('checkbox', { name: 'Gutters' }));
      await userEvent.click(within(house).getByRole('checkbox', { name: 'N slope' }));
      await userEvent.type(within(house).getByLabelText('Test square hits (N)'), 'abc');
      await userEvent.click(within(house).getByRole('checkbox', { name: 'SW slope' }));
      await userEvent.click(screen.getByRole('button', { name: 'Next: Overview photos' }));
      expect(await screen.findByText('Enter the hits counted, 0 to 999, or leave it empty until counted.')).toBeInTheDocument();

      await userEvent.clear(within(house).getByLabelText('Test square hits (N)'));
      await userEvent.type(within(house).getByLabelText('Test square hits (N)'), '11');
      await userEvent.click(screen.getByRole('button', { name: 'Next: Overview photos' }));
      expect(await screen.findByText('Overview capture', {}, SLOW)).toBeInTheDocument();
      expect((await getLocalInspection(alice.id, id))?.structures).toEqual([
        {
          id: 'house',
          name: 'Main house',
          kind: 'main_house',
          areas: ['roof', 'gutters'],
          slopes: [
            { direction: 'N', testSquareHits: 11 },
            { direction: 'SW', testSquareHits: null },
          ],
        },
      ]);
      expect(sent().filter((r) => r.path.startsWith('/api/inspections'))).toEqual([]);
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it(
    'names each structure once: its kind shows only when the name does not already say it',
    async () => {
      browser.online = false;
      const id = await createLocalInspection(alice.id, {
        fields: {
          street: '12 Hail Rd',
          structures: [
            { id: 'house', name: 'Main house', kind: 'main_house', areas: ['roof'], slopes: [] },
            { id: 'shop', name: 'Shop', kind: 'detached_garage', areas: ['roof'], slopes: [] },
          ],
        },
      });
      renderAt(`/field-inspection/${id}/areas-offline`);
      const house = await screen.findByRole('region', { name: 'Main house' });
      expect(within(house).getAllByText('Main house')).toHaveLength(1);
      const shop = screen.getByRole('region', { name: 'Shop' });
      expect(within(shop).getByText('Detached garage')).toBeInTheDocument();
    },
    FORM_TEST_TIMEOUT_MS,
  );
});

describe('/field-inspection/:sessionId/insurance-details', () => {
  it(
    'offers the directory, sends the deductible in cents and the carrier name with its id',
    async () => {
      await storeServerCopy(alice.id, fakeInspection(SESSION_ID, { street: '12 Hail Rd' }));
      answer('GET /api/inspections/:id', json(fakeInspection(SESSION_ID, { street: '12 Hail Rd' })));
      answer('GET /api/carriers', json({ carriers: [fakeCarrier] }));
      answer('PATCH /api/inspections/:id', json(fakeInspection(SESSION_ID, { street: '12 Hail Rd' })));
      answer('GET /api/inspections', json({ sessions: [], total: 0 }));
      renderAt(`/field-inspection/${SESSION_ID}/insurance-details`);

      await screen.findByRole('option', { name: fakeCarrier.name });
      await userEvent.selectOptions(screen.getByLabelText('Carrier'), fakeCarrier.id);
      expect(screen.queryByLabelText('Carrier name')).not.toBeInTheDocument();
      await userEvent.type(screen.getByLabelText('Claim number'), 'CLM-77');
      await userEvent.type(screen.getByLabelText('Deductible'), '1,250.5');
      await userEvent.type(screen.getByLabelText('Adjuster email'), 'adj@carrier.example');
      await userEvent.click(screen.getByRole('button', { name: 'Next: Overview' }));

      expect(await screen.findByText('The overview', {}, SLOW)).toBeInTheDocument();
      await waitFor(() => expect(sent(`PATCH /api/inspections/${SESSION_ID}` as `PATCH /${string}`)).toHaveLength(1));
      const body = sent(`PATCH /api/inspections/${SESSION_ID}` as `PATCH /${string}`)[0]?.body as { fields: Record<string, unknown> };
      expect(body.fields).toEqual({
        carrierId: fakeCarrier.id,
        carrierName: fakeCarrier.name,
        claimNumber: 'CLM-77',
        deductibleCents: 125050,
        adjusterEmail: 'adj@carrier.example',
      });
    },
    FORM_TEST_TIMEOUT_MS,
  );

  it(
    'says when the deductible is not an amount',
    async () => {
      browser.online = false;
      const id = await createLocalInspection(alice.id, { fields: { street: '12 Hail Rd' } });
      renderAt(`/field-inspection/${id}/insurance-details`);
      await userEvent.type(await screen.findByLabelText('Deductible'), '12abc');
      await userEvent.type(screen.getByLabelText('Carrier name'), 'Acme Mutual');
      await userEvent.click(screen.getByRole('button', { name: 'Next: Overview' }));
      expect(await screen.findByText('Enter an amount in dollars, like 1,250.00')).toBeInTheDocument();
      expect((await getLocalInspection(alice.id, id))?.carrierName).toBeNull();
    },
    FORM_TEST_TIMEOUT_MS,
  );
});
