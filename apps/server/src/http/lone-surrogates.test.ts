import { createHash, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { tinyPng } from '../test/images';
import type { TestResponse } from '../test/test-client';
import type { SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// A lone UTF-16 surrogate (half of a pair with no other half) is not text: PostgreSQL cannot store
// it in jsonb or text. Sent as a JSON escape ("\ud800"), as the bytes a careless encoder writes for
// it (ED A0 80, which is not UTF-8) or percent-encoded in a URL (%ED%A0%80), it is a 400
// VALIDATION_ERROR in the one error shape on every endpoint, and nothing is written.

const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: SignedUpUser;
const ids = { project: '', unmeasured: '', session: '', photo: '', measurement: '', estimate: '', report: '', proposal: '' };

const roof = {
  structureId: 'house',
  name: 'House',
  facets: [{ id: 'f1', pitchRise: 6, planAreaSqFt: 1000 }],
  linear: { eave: 80 },
  wastePct: 10,
  layers: 1,
  stories: 1,
};
const estimateLine = { id: 'l1', code: 'shingles', description: 'Shingles', quantity: 11, unit: 'SQ', unitPriceCents: 28_500, source: 'formula' };
const option = { tier: 'good', productLine: 'Three-tab', priceCents: 500_000, warranty: '10 years', terms: 'Net 30' };
const textShape = { type: 'text', id: 's1', x: 0.5, y: 0.5, text: 'Hail hit', color: '#ef4444', size: 0.05 };

/**
 * Every table the endpoints below write, as one fingerprint per table. Of a report, what a request
 * writes: the render job of the packet made below moves its status and progress on its own.
 */
async function snapshot(): Promise<Record<string, string>> {
  const rows: Record<string, string> = {
    companies: 't::text',
    projects: 't::text',
    project_activity: 't::text',
    inspection_sessions: 't::text',
    inspection_activity: 't::text',
    inspection_photos: 't::text',
    roof_measurements: 't::text',
    estimates: 't::text',
    price_list_items: 't::text',
    proposals: 't::text',
    reports: '(t.id, t.title, t.document, t.packet, t.version)::text',
  };
  const result: Record<string, string> = {};
  for (const [table, row] of Object.entries(rows)) {
    const answer = await server.db.execute<{ digest: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(${row}, '|' order by ${row}), '')) as digest from "${table}" t`),
    );
    result[table] = answer.rows[0]?.digest ?? '';
  }
  return result;
}

async function made<T extends { id: string }>(response: Promise<TestResponse<T>>, pick: (body: T) => string = (b) => b.id): Promise<string> {
  const answer = await response;
  expect(answer.status, answer.text).toBeLessThan(300);
  return pick(answer.body);
}

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Surrogate Roofing' });
  const client = owner.client;
  // A packet's letterhead prints the company's address and phone: the company has them.
  expect((await client.patch('/api/company', { address: '9 Ridge Rd, Tulsa, OK', phone: '+1 555 010 4444' })).status).toBe(200);
  ids.project = await made(client.post<{ id: string }>('/api/projects', { title: 'Surrogate claim', homeownerName: 'Hal Owner', street: '1 Test St' }));
  // A roof has one measurement record: a new one goes on a claim file that has none yet.
  ids.unmeasured = await made(client.post<{ id: string }>('/api/projects', { title: 'Unmeasured claim', homeownerName: 'Una Measured', street: '2 Test St' }));
  ids.session = await made(
    client.post<{ id: string }>('/api/inspections', {
      id: randomUUID(),
      projectId: ids.project,
      editedAt: new Date().toISOString(),
      fields: { street: '1 Field St' },
    }),
  );
  const png = tinyPng(4, 4);
  ids.photo = randomUUID();
  const sha256 = createHash('sha256').update(png).digest('hex');
  const photo = await client.put(`/api/inspections/${ids.session}/photos/${ids.photo}?fileName=a.png&category=roof&sha256=${sha256}`, png);
  expect(photo.status, photo.text).toBe(201);
  ids.measurement = await made(client.post<{ id: string }>('/api/measurements', { projectId: ids.project, structures: [roof] }));
  ids.estimate = await made(client.post<{ id: string }>('/api/estimates', { sessionId: ids.session, lines: [estimateLine] }));
  ids.report = await made(
    client.post<{ id: string; report: { id: string } }>('/api/reports', { kind: 'advanced', projectId: ids.project }),
    (b) => b.report.id,
  );
  ids.proposal = await made(
    client.post<{ id: string; proposal: { id: string } }>('/api/proposals', { projectId: ids.project, estimateId: ids.estimate }),
    (b) => b.proposal.id,
  );
});

type Case = { name: string; method: 'POST' | 'PUT' | 'PATCH'; path: () => string; body: (bad: string) => unknown };

/** One case per kind of endpoint whose strings land in a jsonb column; `bad` goes into a string of a valid body. */
const cases: Case[] = [
  {
    name: "an inspection session's fields",
    method: 'PATCH',
    path: () => `/api/inspections/${ids.session}`,
    body: (bad) => ({ editedAt: new Date().toISOString(), fields: { street: `2 Field St${bad}` } }),
  },
  {
    name: 'a new inspection session',
    method: 'POST',
    path: () => '/api/inspections',
    body: (bad) => ({ id: randomUUID(), editedAt: new Date().toISOString(), fields: { notes: `Hail${bad}` } }),
  },
  {
    name: 'a new measurement',
    method: 'POST',
    path: () => '/api/measurements',
    body: (bad) => ({ projectId: ids.unmeasured, structures: [{ ...roof, name: `House${bad}` }] }),
  },
  {
    name: 'a measurement saved',
    method: 'PUT',
    path: () => `/api/measurements/${ids.measurement}`,
    body: (bad) => ({ structures: [{ ...roof, name: `House${bad}` }] }),
  },
  {
    name: 'an estimate saved',
    method: 'PUT',
    path: () => `/api/estimates/${ids.estimate}`,
    body: (bad) => ({ lines: [{ ...estimateLine, description: `Shingles${bad}` }] }),
  },
  // After the save above: a new estimate is a new version, and only the latest version is saved.
  {
    name: 'a new estimate',
    method: 'POST',
    path: () => '/api/estimates',
    body: (bad) => ({ sessionId: ids.session, lines: [{ ...estimateLine, description: `Shingles${bad}` }] }),
  },
  {
    name: 'the price list',
    method: 'PUT',
    path: () => '/api/price-list',
    body: (bad) => ({ items: [{ code: 'shingles', description: `Shingles${bad}`, unit: 'SQ', unitPriceCents: 100 }] }),
  },
  {
    name: "a photo's annotation",
    method: 'PUT',
    path: () => `/api/photos/${ids.photo}/annotation`,
    body: (bad) => ({ annotation: { version: 1, shapes: [{ ...textShape, text: `Hail hit${bad}` }] } }),
  },
  {
    name: 'a report draft',
    method: 'PUT',
    path: () => `/api/reports/${ids.report}`,
    body: (bad) => ({
      version: 1,
      document: { sections: [{ id: 's1', title: 'Roof', note: `Test square${bad}`, layout: 2, photos: [{ photoId: ids.photo, caption: `Hail${bad}` }] }] },
    }),
  },
  {
    name: "a new report's title",
    method: 'POST',
    path: () => '/api/reports',
    body: (bad) => ({ kind: 'advanced', projectId: ids.project, title: `Roof${bad}` }),
  },
  {
    name: "a packet's cover letter",
    method: 'POST',
    path: () => '/api/reports/packet',
    body: (bad) => ({ projectId: ids.project, coverLetter: `Dear adjuster${bad}`, photoReport: false, overrideReason: 'steep' }),
  },
  {
    name: 'the cover letter template',
    method: 'PUT',
    path: () => '/api/reports/cover-letter-template',
    body: (bad) => ({ template: `Dear {{adjuster_name}}${bad}` }),
  },
  {
    name: 'a new proposal',
    method: 'POST',
    path: () => '/api/proposals',
    body: (bad) => ({ projectId: ids.project, estimateId: ids.estimate, intro: `Hello${bad}`, options: [option] }),
  },
  {
    name: 'a proposal saved',
    method: 'PUT',
    path: () => `/api/proposals/${ids.proposal}`,
    body: (bad) => ({ options: [{ ...option, productLine: `Three-tab${bad}` }] }),
  },
  { name: 'a claim file', method: 'PATCH', path: () => `/api/projects/${ids.project}`, body: (bad) => ({ title: `Renamed${bad}` }) },
];

function expect400(response: TestResponse, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(400);
  expect(response.body, label).toEqual({
    error: { message: expect.any(String), code: 'VALIDATION_ERROR', timestamp: expect.any(String), requestId: response.headers.get('x-request-id') },
  });
}

/** The JSON text of a body, its `bad` marker replaced by the given raw text. */
const MARK = 'BAD-MARK';
const jsonWith = (testCase: Case, raw: string) => JSON.stringify(testCase.body(MARK)).split(MARK).join(raw);

describe('lone surrogates', () => {
  it('a valid body with a well-formed pair (an emoji) is taken on every endpoint kind', async () => {
    // The baseline: the same bodies with a surrogate pair are fine, so the 400s below are the surrogate's.
    for (const testCase of cases) {
      const response = await owner.client.request(testCase.method, testCase.path(), { body: jsonWith(testCase, '\\ud83c\\udfe0 🏠') });
      expect(response.status, `${testCase.name}: ${response.text.slice(0, 300)}`).toBeLessThan(300);
    }
  });

  for (const [label, raw] of [
    ['a high surrogate escape (\\ud800)', '\\ud800'],
    ['a low surrogate escape (\\udfff)', '\\udfff'],
    ['two high surrogates in a row', '\\ud83c\\ud83c'],
    ['a low surrogate before a high one', '\\udfe0\\ud83c'],
  ] as const) {
    it(`refuses ${label} with 400 on every endpoint kind and writes nothing`, async () => {
      const before = await snapshot();
      for (const testCase of cases) {
        const response = await owner.client.request(testCase.method, testCase.path(), { body: jsonWith(testCase, raw) });
        expect400(response, `${testCase.method} ${testCase.name}`);
      }
      expect(await snapshot()).toEqual(before);
    });
  }

  it('refuses a lone surrogate in an object key', async () => {
    const before = await snapshot();
    const response = await owner.client.request('PATCH', `/api/inspections/${ids.session}`, {
      body: `{"editedAt":"${new Date().toISOString()}","fields":{"street":"3 Field St"},"\\ud800":1}`,
    });
    expect400(response, 'key');
    expect(await snapshot()).toEqual(before);
  });

  it('refuses the bytes of a surrogate (ED A0 80, not UTF-8) in a body on every endpoint kind', async () => {
    const before = await snapshot();
    for (const testCase of cases) {
      const [head = '', tail = ''] = JSON.stringify(testCase.body(MARK)).split(MARK);
      const body = Buffer.concat([Buffer.from(head), Buffer.from([0xed, 0xa0, 0x80]), Buffer.from(tail)]);
      const response = await owner.client.request(testCase.method, testCase.path(), { body, headers: { 'Content-Type': 'application/json' } });
      expect400(response, `${testCase.method} ${testCase.name} (bytes)`);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('refuses a percent-encoded surrogate in a query or a path', async () => {
    const before = await snapshot();
    const png = tinyPng(4, 4);
    const sha256 = createHash('sha256').update(png).digest('hex');
    for (const [method, path] of [
      ['PUT', `/api/inspections/${ids.session}/photos/${randomUUID()}?fileName=a%ED%A0%80.png&category=roof&sha256=${sha256}`],
      ['PUT', `/api/inspections/${ids.session}/photos/${randomUUID()}?fileName=a%ed%bf%bf.png&category=roof&sha256=${sha256}`],
      ['GET', '/api/inspections?q=%ED%A0%80'],
      ['GET', '/api/projects?q%ED%A0%80=x'],
      ['GET', '/api/storage/avatars/a%ED%A0%80.png'],
    ] as const) {
      const response = await owner.client.request(method, path, method === 'PUT' ? { body: png, headers: { 'Content-Type': 'image/png' } } : {});
      expect400(response, `${method} ${path}`);
    }
    expect(await snapshot()).toEqual(before);
  });
});
