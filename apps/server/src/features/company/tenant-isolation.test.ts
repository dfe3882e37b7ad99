import { beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import type { ClaimLedger } from '@ridgeline/shared/contracts/ledger';
import type { Company, Invitation, TeamResponse } from '@ridgeline/shared/contracts/team';
import { pricedList, type PriceListEntry } from '@ridgeline/shared/domain/estimate';
import { insertProjectRow, signedInOwner, signedInUser } from '../../test/factories';
import type { TestResponse } from '../../test/test-client';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Two companies on one server: B's owner (and manager) must never see or change anything of A.

const server = useTestServer();
let ownerA: SignedUpUser;
let memberA: SignedUpUser;
let ownerB: SignedUpUser;
let pendingA: Invitation;
let teamA: TeamResponse;
let companyA: Company;

beforeAll(async () => {
  const alpha = await signedInOwner(server, { name: 'Alpha Roofing' });
  ownerA = alpha;
  memberA = await signedInUser(server, { company: alpha.company, role: 'member', email: uniqueEmail('alpha-member') });
  pendingA = (await ownerA.client.post<Invitation>('/api/team/invitations', { email: uniqueEmail('alpha-pending'), role: 'manager' })).body;
  await ownerA.client.patch('/api/company', { address: '1 Alpha Way' });
  ownerB = await signedInOwner(server, { name: 'Bravo Siding' });
  teamA = (await ownerA.client.get<TeamResponse>('/api/team')).body;
  companyA = (await ownerA.client.get<Company>('/api/company')).body;
});

function expectRefused(response: TestResponse, label: string) {
  expect([403, 404], `${label}: ${response.status} ${response.text}`).toContain(response.status);
  expect(response.body).toMatchObject({ error: { code: expect.any(String), requestId: expect.any(String) } });
  // A refusal tells nothing about A: no address, no company name.
  for (const secret of [ownerA.email, memberA.email, 'Alpha Roofing']) expect(response.text, label).not.toContain(secret);
}

function memberIdOfA(email: string): string {
  const found = teamA.members.find((m) => m.email === email);
  if (!found) throw new Error(`${email} not in A`);
  return found.id;
}

describe('tenant isolation', () => {
  it("refuses B's owner every change to A's members and invitations", async () => {
    const b = ownerB.client;
    const memberId = memberIdOfA(memberA.email);
    const ownerId = memberIdOfA(ownerA.email);
    for (const id of [memberId, ownerId]) {
      expectRefused(await b.patch(`/api/team/members/${id}`, { role: 'manager' }), `PATCH member ${id}`);
      expectRefused(await b.patch(`/api/team/members/${id}`, { role: 'owner' }), `PATCH member ${id} to owner`);
      expectRefused(await b.delete(`/api/team/members/${id}`), `DELETE member ${id}`);
    }
    expectRefused(await b.delete(`/api/team/invitations/${pendingA.id}`), 'DELETE invitation');
    expectRefused(await b.post(`/api/invitations/${pendingA.id}/accept`, {}), 'accept invitation');

    // Read back at once: A's team (roles, members, the pending invitation) and B's own membership are unchanged.
    expect((await ownerA.client.get<TeamResponse>('/api/team')).body).toEqual(teamA);
    expect((await ownerB.client.get<TeamResponse>('/api/team')).body.members.map((m) => m.email)).toEqual([ownerB.email]);
  });

  it('shows B only its own team and company', async () => {
    const team = await ownerB.client.get<TeamResponse>('/api/team');
    expect(team.status).toBe(200);
    expect(team.body.members.map((m) => m.email)).toEqual([ownerB.email]);
    expect(team.body.invitations).toEqual([]);
    const company = await ownerB.client.get<Company>('/api/company');
    expect(company.body).toMatchObject({ id: ownerB.me.company?.id, name: 'Bravo Siding', address: null });
    expect(company.body.id).not.toBe(companyA.id);

    // B's writes land on B's company only.
    expect((await ownerB.client.patch<Company>('/api/company', { name: 'Bravo Siding Co' })).body.id).toBe(ownerB.me.company?.id);
  });

  it("leaves A's member and company untouched by a member of A", async () => {
    // A's member is scoped to A: cannot manage, sees only A.
    const team = await memberA.client.get<TeamResponse>('/api/team');
    expect(team.body.members.map((m) => m.email).sort()).toEqual([ownerA.email, memberA.email].sort());
    expect(team.body.members.map((m) => m.email)).not.toContain(ownerB.email);
  });

  it('refuses B every measurement, estimate and price of A', async () => {
    const a = ownerA.client;
    const sessionId = (
      await a.post<{ id: string }>('/api/inspections', { id: randomUUID(), editedAt: new Date().toISOString(), fields: { street: '1 Alpha Way' } })
    ).body.id;
    const roof = {
      structureId: 'house',
      name: 'House',
      facets: [{ id: 'f1', pitchRise: 6, planAreaSqFt: 1000 }],
      linear: {},
      wastePct: 10,
      layers: 1,
      stories: 1,
    };
    const measurement = await a.post<{ id: string }>('/api/measurements', { sessionId, structures: [roof] });
    const line = { id: 'l1', code: 'shingles', description: 'Alpha Roofing shingles', quantity: 11, unit: 'SQ', unitPriceCents: 28_500, source: 'formula' };
    const estimate = await a.post<{ id: string }>('/api/estimates', { sessionId, lines: [line] });
    const prices: { items: PriceListEntry[] } = { items: [{ code: 'shingles', description: 'Alpha Roofing shingles', unit: 'SQ', unitPriceCents: 31_000 }] };
    expect([measurement.status, estimate.status, (await a.request('PUT', '/api/price-list', { json: prices })).status]).toEqual([201, 201, 200]);
    const before = [(await a.get(`/api/measurements/${measurement.body.id}`)).text, (await a.get(`/api/estimates/${estimate.body.id}`)).text];

    const b = ownerB.client;
    for (const [label, response] of [
      ['GET measurement', await b.get(`/api/measurements/${measurement.body.id}`)],
      ['PUT measurement', await b.request('PUT', `/api/measurements/${measurement.body.id}`, { json: { structures: [roof] } })],
      ['DELETE measurement', await b.delete(`/api/measurements/${measurement.body.id}`)],
      [
        'PUT report',
        await b.put(`/api/measurements/${measurement.body.id}/report?fileName=r.pdf`, Buffer.from('%PDF-1.4\n%%EOF\n'), {
          headers: { 'Content-Type': 'application/pdf' },
        }),
      ],
      ['DELETE report', await b.delete(`/api/measurements/${measurement.body.id}/report`)],
      ['POST measurement', await b.post('/api/measurements', { sessionId, structures: [roof] })],
      ['GET estimate', await b.get(`/api/estimates/${estimate.body.id}`)],
      ['GET estimate CSV', await b.get(`/api/estimates/${estimate.body.id}/export.csv`)],
      ['GET estimates', await b.get(`/api/estimates?sessionId=${sessionId}`)],
      ['PUT estimate', await b.request('PUT', `/api/estimates/${estimate.body.id}`, { json: { lines: [] } })],
      ['POST estimate', await b.post('/api/estimates', { sessionId, lines: [] })],
    ] as const) {
      expectRefused(response, label);
    }
    expectRefused(await b.get(`/api/measurements?sessionId=${sessionId}`), 'GET measurements of the session');
    expect((await b.get<{ measurements: unknown[] }>('/api/measurements')).body.measurements).toEqual([]);
    expect((await b.get('/api/price-list')).text).not.toContain('Alpha Roofing');
    expect([(await a.get(`/api/measurements/${measurement.body.id}`)).text, (await a.get(`/api/estimates/${estimate.body.id}`)).text]).toEqual(before);
    // A's list as its estimates are priced: its item, then the default of every other formula code.
    expect((await a.get('/api/price-list')).body).toEqual({ items: pricedList(prices.items) });
  });

  it("refuses B every claim ledger endpoint of A's claim file", async () => {
    const a = ownerA.client;
    const b = ownerB.client;
    const project = await insertProjectRow(server.db, ownerA.me.company?.id ?? '', { title: 'Alpha ledger claim' });
    const added = await a.post<ClaimLedger>(`/api/projects/${project.id}/ledger/entries`, {
      kind: 'supplement_requested',
      label: 'Alpha drip edge',
      amountCents: 12_345,
    });
    expect(added.status, added.text).toBe(201);
    const entryId = added.body.entries[0]?.id ?? '';
    // What is written: the entries and their reconciliation. The status the ledger points to is not
    // compared: A's own entry moves the claim file forward by itself, after the commit (decision 042).
    const written = async () => {
      const { entries, summary } = (await a.get<ClaimLedger>(`/api/projects/${project.id}/ledger`)).body;
      return { entries, summary };
    };
    const before = await written();
    for (const [label, response] of [
      ['GET ledger', await b.get(`/api/projects/${project.id}/ledger`)],
      ['POST figure', await b.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'figure', figure: 'rcv', amountCents: 1 })],
      ['POST reversal', await b.post(`/api/projects/${project.id}/ledger/entries`, { kind: 'reversal', reversesId: entryId, note: 'Not ours' })],
    ] as const) {
      expectRefused(response, label);
      expect(response.status, label).toBe(404);
      expect(response.text, label).not.toContain('Alpha drip edge');
    }
    expect(await written()).toEqual(before);
  });

  it("refuses B analytics narrowed to A's member and shows B none of A's figures", async () => {
    const alphaCarrier = await ownerA.client.post<{ id: string }>('/api/carriers', { name: 'Alpha Analytics Mutual' });
    expect(alphaCarrier.status, alphaCarrier.text).toBe(201);
    const refused = await ownerB.client.get(`/api/analytics?memberId=${memberIdOfA(memberA.email)}`);
    expectRefused(refused, 'GET analytics of A member');
    expect(refused.status).toBe(404);
    const own = await ownerB.client.get(`/api/analytics?carrierId=${alphaCarrier.body.id}`);
    expect(own.status, own.text).toBe(200);
    for (const secret of [ownerA.email, memberA.email, 'Alpha Roofing', 'Alpha Analytics Mutual']) expect(own.text).not.toContain(secret);
  });

  it("keeps A's data unchanged afterwards", async () => {
    expect((await ownerA.client.get<TeamResponse>('/api/team')).body).toEqual(teamA);
    expect((await ownerA.client.get<Company>('/api/company')).body).toEqual(companyA);
    expect((await memberA.client.get<TeamResponse>('/api/team')).body.myRole).toBe('member');
  });
});
