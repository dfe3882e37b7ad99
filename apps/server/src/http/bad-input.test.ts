import { createHash, randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATE_MAX, DATE_MIN } from '@ridgeline/shared/contracts/common';
import type { Company, Me, TeamResponse } from '@ridgeline/shared/contracts/team';
import { jsonBodyRoutes } from '../test/app-routes';
import { signedInOwner } from '../test/factories';
import { tinyPng } from '../test/images';
import { sendLarge, type TestClient, type TestResponse } from '../test/test-client';
import { signUpBody, TEST_PASSWORD, uniqueEmail, type RowCounts } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// Every endpoint that takes a body, fed malformed JSON, non-objects, missing fields, wrong types
// and overlong strings: always a 4xx in the one error shape, never a 500, and nothing written.

type Endpoint = {
  method: 'POST' | 'PATCH' | 'PUT';
  path: string;
  signedIn: boolean;
  /** A valid body; each of its fields gets wrong types and an overlong value. */
  valid: Record<string, unknown>;
  /** Whether `{}` is invalid (some field is required). */
  requiresFields: boolean;
};

// Every endpoint gets a dozen bad bodies from one address: more writes than the per-IP minute allows.
const server = useTestServer({ API_WRITE_LIMIT: '5000' });
let owner: TestClient;
/** An owner who is also a platform admin: past every guard, so each route's own reading of its body is reached. */
let admin: TestClient;
let ownerMemberId = '';
/** Rows of the owner's company that the claim-file endpoints take by id. */
const ids = { project: '', task: '', carrier: '', adjuster: '', status: '', session: '', photo: '', measurement: '', estimate: '' };
let before: RowCounts;
let meBefore: Me;
let companyBefore: Company;

const LONG = 'x'.repeat(10_000);

/** A measured roof and an estimate line, valid as they are. */
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

beforeAll(async () => {
  const signedUp = await server.signUpVerified({ companyName: 'Bad Input Roofing' });
  owner = signedUp.client;
  const team = await owner.get<TeamResponse>('/api/team');
  ownerMemberId = team.body.members[0]?.id ?? '';
  ids.carrier = (await owner.post<{ id: string }>('/api/carriers', { name: 'Bad Input Mutual' })).body.id;
  ids.adjuster = (await owner.post<{ id: string }>('/api/adjusters', { name: 'Ada Adjuster', carrierId: ids.carrier })).body.id;
  ids.project = (await owner.post<{ id: string }>('/api/projects', { title: 'Bad input claim', homeownerName: 'Hal Owner', street: '1 Test St' })).body.id;
  ids.task = (await owner.post<{ id: string }>(`/api/projects/${ids.project}/tasks`, { title: 'Call the adjuster' })).body.id;
  ids.status = (await owner.get<{ statuses: { id: string }[] }>('/api/project-statuses')).body.statuses[0]?.id ?? '';
  const inspection = await owner.post<{ id: string }>('/api/inspections', {
    id: randomUUID(),
    editedAt: new Date().toISOString(),
    fields: { street: '1 Field St' },
  });
  expect(inspection.status, inspection.text).toBe(201);
  ids.session = inspection.body.id;
  const png = tinyPng(4, 4);
  ids.photo = randomUUID();
  const sha256 = createHash('sha256').update(png).digest('hex');
  const photo = await owner.put(`/api/inspections/${ids.session}/photos/${ids.photo}?fileName=a.png&category=roof&sha256=${sha256}`, png);
  if (photo.status !== 201) throw new Error(`photo upload answered ${photo.status}: ${photo.text}`);
  const measurement = await owner.post<{ id: string }>('/api/measurements', { projectId: ids.project, structures: [roof] });
  expect(measurement.status, measurement.text).toBe(201);
  ids.measurement = measurement.body.id;
  const estimate = await owner.post<{ id: string }>('/api/estimates', { sessionId: ids.session, lines: [estimateLine] });
  expect(estimate.status, estimate.text).toBe(201);
  ids.estimate = estimate.body.id;
  admin = (await signedInOwner(server, { name: 'Bad Input Admin Roofing', owner: { platformAdmin: true } })).client;
  meBefore = (await owner.get<Me>('/api/me')).body;
  companyBefore = (await owner.get<Company>('/api/company')).body;
  before = await server.counts();
});

const endpoints = (): Endpoint[] => [
  { method: 'POST', path: '/api/rpc/user_exists_by_email', signedIn: false, valid: { _email: uniqueEmail() }, requiresFields: true },
  { method: 'POST', path: '/api/auth/sign-up/email', signedIn: false, valid: signUpBody(), requiresFields: true },
  { method: 'POST', path: '/api/auth/sign-in/email', signedIn: false, valid: { email: uniqueEmail(), password: TEST_PASSWORD }, requiresFields: true },
  { method: 'POST', path: '/api/auth/request-password-reset', signedIn: false, valid: { email: uniqueEmail() }, requiresFields: true },
  { method: 'POST', path: '/api/auth/reset-password', signedIn: false, valid: { token: 'abc', newPassword: 'Fresh-Copper-Flashing-77' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/factors/totp/challenge', signedIn: false, valid: { channel: 'totp' }, requiresFields: false },
  { method: 'POST', path: '/api/auth/factors/totp/verify', signedIn: false, valid: { code: '123456', challenge_id: 'abc' }, requiresFields: true },
  {
    method: 'POST',
    path: '/api/auth/change-password',
    signedIn: true,
    valid: { currentPassword: 'wrong-current-pw', newPassword: 'Fresh-Copper-Flashing-77' },
    requiresFields: true,
  },
  { method: 'POST', path: '/api/auth/two-factor/enable', signedIn: true, valid: { password: 'wrong-current-pw' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/two-factor/verify-totp', signedIn: true, valid: { code: '123456' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/two-factor/verify-backup-code', signedIn: true, valid: { code: 'abcde-fghij' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/two-factor/disable', signedIn: true, valid: { password: 'wrong-current-pw', code: '123456' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/two-factor/generate-backup-codes', signedIn: true, valid: { password: 'wrong-current-pw' }, requiresFields: true },
  { method: 'POST', path: '/api/auth/revoke-session', signedIn: true, valid: { token: 'no-such-token' }, requiresFields: true },
  { method: 'PATCH', path: '/api/me', signedIn: true, valid: { firstName: 'Ann', lastName: 'Lee', phone: '+1 555 010 9999' }, requiresFields: false },
  { method: 'PATCH', path: '/api/company', signedIn: true, valid: { name: 'New Name', phone: '+1 555 010 9999', address: '1 Main St' }, requiresFields: false },
  { method: 'POST', path: '/api/team/invitations', signedIn: true, valid: { email: uniqueEmail(), role: 'member' }, requiresFields: true },
  { method: 'PATCH', path: '/api/team/members/:self', signedIn: true, valid: { role: 'manager' }, requiresFields: true },
  {
    method: 'POST',
    path: '/api/security/csp-violation',
    signedIn: false,
    valid: { documentURI: 'http://localhost/', violatedDirective: 'script-src' },
    requiresFields: true,
  },
  { method: 'POST', path: '/api/functions/admin-impersonation', signedIn: true, valid: { action: 'status' }, requiresFields: true },
  // Claim files: every valid body below holds only fields that may not be null.
  { method: 'POST', path: '/api/projects', signedIn: true, valid: { title: 'Claim', homeownerName: 'Ann Lee', street: '2 Oak St' }, requiresFields: true },
  { method: 'PATCH', path: '/api/projects/:project', signedIn: true, valid: { title: 'Renamed claim' }, requiresFields: false },
  { method: 'POST', path: '/api/projects/:project/status', signedIn: true, valid: { statusId: ':status' }, requiresFields: true },
  { method: 'POST', path: '/api/projects/:project/notes', signedIn: true, valid: { body: 'Met the adjuster' }, requiresFields: true },
  { method: 'POST', path: '/api/projects/:project/tasks', signedIn: true, valid: { title: 'Order shingles' }, requiresFields: true },
  { method: 'PATCH', path: '/api/tasks/:task', signedIn: true, valid: { title: 'Order ridge cap' }, requiresFields: false },
  { method: 'POST', path: '/api/project-statuses', signedIn: true, valid: { name: 'Review' }, requiresFields: true },
  { method: 'PATCH', path: '/api/project-statuses/:status', signedIn: true, valid: { name: 'First contact' }, requiresFields: false },
  { method: 'POST', path: '/api/project-statuses/reorder', signedIn: true, valid: { ids: [':status'] }, requiresFields: true },
  { method: 'POST', path: '/api/carriers', signedIn: true, valid: { name: 'Acme Mutual' }, requiresFields: true },
  { method: 'PATCH', path: '/api/carriers/:carrier', signedIn: true, valid: { name: 'Acme General' }, requiresFields: false },
  { method: 'POST', path: '/api/adjusters', signedIn: true, valid: { name: 'Al Adjuster' }, requiresFields: true },
  { method: 'PATCH', path: '/api/adjusters/:adjuster', signedIn: true, valid: { name: 'Alma Adjuster' }, requiresFields: false },
  // Inspection sessions: `fields` is left out of the create body (it defaults to {}, and any object
  // would be a valid, empty set of fields); the update needs both.
  { method: 'POST', path: '/api/inspections', signedIn: true, valid: { id: randomUUID(), editedAt: '2026-06-01T12:00:00.000Z' }, requiresFields: true },
  {
    method: 'PATCH',
    path: '/api/inspections/:session',
    signedIn: true,
    valid: { editedAt: '2026-06-01T12:00:00.000Z', fields: { street: '2 Field St' } },
    requiresFields: true,
  },
  // Converting a session into a claim file (attach: the mode and the project are both required).
  { method: 'POST', path: '/api/inspections/:session/convert', signedIn: true, valid: { mode: 'attach', projectId: ':project' }, requiresFields: true },
  // Field photos.
  { method: 'PATCH', path: '/api/photos/:photo', signedIn: true, valid: { category: 'damage' }, requiresFields: true },
  { method: 'POST', path: '/api/photos/:photo/move', signedIn: true, valid: { sessionId: ':session' }, requiresFields: true },
  {
    method: 'POST',
    path: '/api/functions/generate-photo-thumbnails',
    signedIn: true,
    valid: { photos: [{ id: ':photo', file_path: 'a/b.jpg', file_name: 'b.jpg' }] },
    requiresFields: true,
  },
  // Measurements, the price list and estimates (the PUTs here replace a resource with JSON).
  { method: 'POST', path: '/api/measurements', signedIn: true, valid: { projectId: ':project', structures: [roof] }, requiresFields: true },
  { method: 'PUT', path: '/api/measurements/:measurement', signedIn: true, valid: { structures: [roof] }, requiresFields: true },
  {
    method: 'PUT',
    path: '/api/price-list',
    signedIn: true,
    valid: { items: [{ code: 'shingles', description: 'Shingles', unit: 'SQ', unitPriceCents: 100 }] },
    requiresFields: true,
  },
  { method: 'POST', path: '/api/estimates', signedIn: true, valid: { sessionId: ':session', lines: [estimateLine] }, requiresFields: true },
  { method: 'PUT', path: '/api/estimates/:estimate', signedIn: true, valid: { lines: [estimateLine] }, requiresFields: true },
  // Team chat (validation answers before the conversation is looked up, so any conversation id serves).
  { method: 'POST', path: '/api/chat/conversations', signedIn: true, valid: { memberIds: ['no-such-colleague'], name: 'Crew' }, requiresFields: true },
  { method: 'POST', path: `/api/chat/conversations/${randomUUID()}/members`, signedIn: true, valid: { profileId: 'no-such-colleague' }, requiresFields: true },
  {
    method: 'POST',
    path: `/api/chat/conversations/${randomUUID()}/messages`,
    signedIn: true,
    valid: { clientId: randomUUID(), content: 'Hello crew' },
    requiresFields: true,
  },
];

/** A path or body with the ids of the owner's rows in place of their :names. */
const withIds = (text: string) =>
  text.replace(/:(self|project|task|carrier|adjuster|status|session|photo|measurement|estimate)\b/g, (_match, name: string) =>
    name === 'self' ? ownerMemberId : ids[name as keyof typeof ids],
  );

/** A bad body and the exact status it must get: a 401 or 429 must not pass for a 400. */
type Case = { name: string; body: string; contentType?: string; status: number };

function casesFor(endpoint: Endpoint): Case[] {
  const cases: Case[] = [
    { name: 'malformed JSON', body: '{"email": "a@b.c", ', status: 400 },
    { name: 'a JSON array', body: '[]', status: 400 },
    { name: 'JSON null', body: 'null', status: 400 },
    { name: 'a JSON number', body: '42', status: 400 },
    { name: 'a JSON string', body: '"hello"', status: 400 },
  ];
  // A body that is not JSON is refused before any route reads it, wherever it is sent.
  cases.push({ name: 'a valid body sent as text/plain', body: JSON.stringify(endpoint.valid), contentType: 'text/plain', status: 415 });
  if (endpoint.requiresFields) cases.push({ name: 'no fields', body: '{}', status: 400 });
  for (const field of Object.keys(endpoint.valid)) {
    for (const [label, value] of [
      ['a number', 12345],
      ['an array', ['x']],
      ['an object', { a: 1 }],
      ['null', null],
      ['true', true],
    ] as const) {
      cases.push({ name: `${field} as ${label}`, body: JSON.stringify({ ...endpoint.valid, [field]: value }), status: 400 });
    }
    if (typeof endpoint.valid[field] === 'string') {
      cases.push({ name: `${field} of 10,000 characters`, body: JSON.stringify({ ...endpoint.valid, [field]: LONG }), status: 400 });
      // JSON.stringify writes a lone surrogate as its escape, "\ud800", which JSON.parse turns back into one.
      cases.push({
        name: `${field} with a lone surrogate`,
        body: JSON.stringify({ ...endpoint.valid, [field]: `${String(endpoint.valid[field])}\ud800` }),
        status: 400,
      });
    }
    if (endpoint.requiresFields) {
      const without = Object.fromEntries(Object.entries(endpoint.valid).filter(([key]) => key !== field));
      if (Object.keys(without).length > 0) cases.push({ name: `without ${field}`, body: JSON.stringify(without), status: 400 });
    }
  }
  return cases;
}

function expectErrorShape(response: TestResponse, label: string, status?: number) {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBeLessThan(500);
  if (status !== undefined) expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.body, label).toEqual({
    error: { message: expect.any(String), code: expect.any(String), timestamp: expect.any(String), requestId: response.headers.get('x-request-id') },
  });
}

describe('bad input on every endpoint with a body', () => {
  for (const endpoint of endpoints()) {
    it(`${endpoint.method} ${endpoint.path}`, async () => {
      const path = withIds(endpoint.path);
      const client = endpoint.signedIn ? owner : server.client();
      for (const testCase of casesFor(endpoint)) {
        const headers = testCase.contentType ? { 'Content-Type': testCase.contentType } : undefined;
        const response = await client.request(endpoint.method, path, { body: withIds(testCase.body), headers });
        // Each case gets its exact status (never 500, never a 401 or 429 in place of a 400) and writes nothing.
        expectErrorShape(response, `${endpoint.method} ${endpoint.path} with ${testCase.name}`, testCase.status);
      }
      expect(await server.counts()).toEqual(before);
    });
  }

  it('left the signed-in user, the company and the session untouched', async () => {
    expect((await owner.get<Me>('/api/me')).body).toEqual(meBefore);
    expect((await owner.get<Company>('/api/company')).body).toEqual(companyBefore);
    expect(await server.counts()).toEqual(before);
  });
});

describe('a body nested 5,000 levels deep', () => {
  // About 30 KB: far under the body limit, far deeper than any body of the product (at most 64 levels).
  const deepObject = `${'{"a":'.repeat(5000)}1${'}'.repeat(5000)}`;
  const deepArray = `${'['.repeat(5000)}${']'.repeat(5000)}`;
  const deepInValidBody = `{"name":"Acme","extra":${deepObject}}`;

  it('answers 400 JSON_TOO_DEEP on every JSON route of the app, signed in or not, and writes nothing', async () => {
    const routes = jsonBodyRoutes(server.deps);
    // The walk covers the whole app, the sign-in, the auth gateway and the homeowner's signing among them.
    expect(routes.length).toBeGreaterThan(100);
    for (const path of ['/api/auth/sign-in/email', '/api/auth/sign-up/email', '/api/public/share/:token/sign', '/api/projects', '/api/proposals/:id']) {
      expect(
        routes.some((route) => route.path === path),
        path,
      ).toBe(true);
    }
    for (const route of routes) {
      const path = route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, () => randomUUID()).replace(/\*/g, 'any');
      for (const [who, client] of [
        ['signed out', server.client()],
        ['signed in', admin],
      ] as const) {
        for (const body of [deepObject, deepArray, deepInValidBody]) {
          const response = await client.request(route.method, path, { body });
          const label = `${route.method} ${route.path} ${who}, ${body.slice(0, 12)}...`;
          // A signed-out JSON PUT is refused by its sign-in guard before its body is read.
          if (who === 'signed out' && route.method === 'PUT') expectErrorShape(response, label, 401);
          else {
            expectErrorShape(response, label, 400);
            expect((response.body as { error: { code: string } }).error.code, label).toBe('JSON_TOO_DEEP');
          }
        }
      }
    }
    expect(await server.counts()).toEqual(before);
  });
});

describe('dates outside 1900-2100', () => {
  // Year 0000 is no year PostgreSQL knows, and JavaScript writes years past 9999 in a form it refuses:
  // every date a request carries is 1900-01-01 to 2100-12-31, or a 400 before anything reads it.
  const badDates = ['0000-01-01', '0001-01-01', '1899-12-31', '2101-01-01', '9999-12-31'];
  const badTimes = ['0000-01-01T00:00:00.000Z', '0001-01-01T00:00:00Z', '1899-12-31T23:59:59Z', '2101-01-01T00:00:00-05:00', '9999-12-31T23:59:59.999Z'];
  const now = () => new Date().toISOString();
  const shareToken = `${randomUUID()}_${'a'.repeat(64)}`;
  const png = tinyPng(5, 5);
  const pngSha256 = createHash('sha256').update(png).digest('hex');

  /** Every route that takes a date, once per date field: the request with `when` in that field. */
  type DateRoute = {
    name: string;
    kind: 'date' | 'time';
    method: 'GET' | 'POST' | 'PATCH' | 'PUT';
    path: (when: string) => string;
    body?: (when: string) => unknown;
    signedIn?: boolean;
  };
  const dateRoutes = (): DateRoute[] => [
    {
      name: "a new claim file's date of loss",
      kind: 'date',
      method: 'POST',
      path: () => '/api/projects',
      body: (when) => ({ title: 'Claim', homeownerName: 'Ann Lee', street: '2 Oak St', dateOfLoss: when }),
    },
    { name: "a claim file's date of loss", kind: 'date', method: 'PATCH', path: () => `/api/projects/${ids.project}`, body: (when) => ({ dateOfLoss: when }) },
    {
      name: "a new task's due date",
      kind: 'date',
      method: 'POST',
      path: () => `/api/projects/${ids.project}/tasks`,
      body: (when) => ({ title: 'Call', dueDate: when }),
    },
    { name: "a task's due date", kind: 'date', method: 'PATCH', path: () => `/api/tasks/${ids.task}`, body: (when) => ({ dueDate: when }) },
    {
      name: "an expected payment's date",
      kind: 'date',
      method: 'POST',
      path: () => `/api/projects/${ids.project}/ledger/entries`,
      body: (when) => ({ kind: 'payment_expected', paymentType: 'acv_check', amountCents: 100, date: when }),
    },
    {
      name: "a received payment's date",
      kind: 'date',
      method: 'POST',
      path: () => `/api/projects/${ids.project}/ledger/entries`,
      body: (when) => ({ kind: 'payment_received', paymentType: 'acv_check', amountCents: 100, date: when }),
    },
    {
      name: 'the date the homeowner signs',
      kind: 'date',
      method: 'POST',
      signedIn: false,
      path: () => `/api/public/share/${shareToken}/sign`,
      body: (when) => ({ tier: 'good', name: 'Hal Owner', date: when, signature: 'data:image/png;base64,iVBORw0KGgo=' }),
    },
    {
      name: "a new session's date of loss",
      kind: 'date',
      method: 'POST',
      path: () => '/api/inspections',
      body: (when) => ({ id: randomUUID(), editedAt: now(), fields: { dateOfLoss: when } }),
    },
    {
      name: "a new session's edit time",
      kind: 'time',
      method: 'POST',
      path: () => '/api/inspections',
      body: (when) => ({ id: randomUUID(), editedAt: when, fields: { street: '3 Field St' } }),
    },
    {
      name: "a new session's edit time of a field",
      kind: 'time',
      method: 'POST',
      path: () => '/api/inspections',
      body: (when) => ({ id: randomUUID(), editedAt: now(), fieldEditedAt: { street: when }, fields: { street: '3 Field St' } }),
    },
    {
      name: "a session's date of loss",
      kind: 'date',
      method: 'PATCH',
      path: () => `/api/inspections/${ids.session}`,
      body: (when) => ({ editedAt: now(), fields: { dateOfLoss: when } }),
    },
    {
      name: "a session's edit time",
      kind: 'time',
      method: 'PATCH',
      path: () => `/api/inspections/${ids.session}`,
      body: (when) => ({ editedAt: when, fields: { street: '4 Field St' } }),
    },
    {
      name: "a session's edit time of a field",
      kind: 'time',
      method: 'PATCH',
      path: () => `/api/inspections/${ids.session}`,
      body: (when) => ({ editedAt: now(), fieldEditedAt: { street: when }, fields: { street: '4 Field St' } }),
    },
    {
      name: 'when a photo was taken',
      kind: 'time',
      method: 'PUT',
      path: (when) =>
        `/api/inspections/${ids.session}/photos/${randomUUID()}?fileName=b.png&category=roof&sha256=${pngSha256}&capturedAt=${encodeURIComponent(when)}`,
      body: () => png,
    },
    { name: "the analytics view's end", kind: 'date', method: 'GET', path: (when) => `/api/analytics?to=${when}` },
    { name: "the analytics view's start", kind: 'date', method: 'GET', path: (when) => `/api/analytics?from=${when}` },
    { name: "the credit entries' start", kind: 'date', method: 'GET', path: (when) => `/api/credits/entries?from=${when}` },
    { name: "the credit entries' end", kind: 'date', method: 'GET', path: (when) => `/api/credits/entries.csv?to=${when}` },
    { name: 'where a page of the inbox starts', kind: 'time', method: 'GET', path: (when) => `/api/notifications?before=${encodeURIComponent(when)}` },
  ];

  for (const route of dateRoutes()) {
    it(`refuses ${route.name} with 400 and writes nothing`, async () => {
      const client = route.signedIn === false ? server.client() : owner;
      for (const when of route.kind === 'date' ? badDates : badTimes) {
        const body = route.body?.(when);
        const options = body instanceof Uint8Array ? { body } : body === undefined ? {} : { json: body };
        const response = await client.request(route.method, route.path(when), options);
        const label = `${route.method} ${route.name} at ${when}`;
        expectErrorShape(response, label, 400);
        // Refused for its date (the 400's words name the range), not for anything else in the request.
        expect((response.body as { error: unknown }).error, label).toMatchObject({
          code: 'VALIDATION_ERROR',
          message: expect.stringContaining(`${DATE_MIN} to ${DATE_MAX}`),
        });
      }
      expect(await server.counts()).toEqual(before);
    });
  }
});

describe('oversized bodies', () => {
  it('answers a JSON body over 1 MB with 413 before reading it, on every kind of route', async () => {
    const big = JSON.stringify({ ...signUpBody(), filler: 'x'.repeat(2 * 1024 * 1024) });
    for (const [method, path, client] of [
      ['POST', '/api/auth/sign-up/email', server.client()],
      ['POST', '/api/auth/sign-out', owner],
      ['POST', '/api/auth/revoke-other-sessions', owner],
      ['PATCH', '/api/me', owner],
      ['PUT', '/api/price-list', owner],
      ['POST', '/api/team/invitations', owner],
    ] as const) {
      const cookie = client.cookieHeader();
      const response = await sendLarge(server.url, method, path, Buffer.from(big), cookie ? { Cookie: cookie } : {});
      expect(response.status, `${method} ${path}`).toBe(413);
      expect(response.body).toMatchObject({ error: { code: 'PAYLOAD_TOO_LARGE', requestId: response.headers['x-request-id'] } });
    }
    expect(await server.counts()).toEqual(before);
    expect((await owner.get('/api/me')).status).toBe(200);
  });
});

describe('bad ids and routes', () => {
  it('answers malformed ids with 4xx in the error shape', async () => {
    // Malformed ids are 400; well-formed ids of nothing, and unknown files or buckets, are 404.
    const cases: [string, string, number][] = [
      ['DELETE', '/api/team/members/not-a-uuid', 400],
      ['DELETE', '/api/team/invitations/not-a-uuid', 400],
      ['PATCH', '/api/team/members/not-a-uuid', 400],
      ['GET', '/api/invitations/not-a-uuid', 400],
      ['GET', `/api/invitations/${LONG}`, 400],
      ['POST', '/api/invitations/not-a-uuid/accept', 400],
      ['GET', '/api/invitations/00000000-0000-4000-8000-000000000000', 404],
      ['DELETE', '/api/team/members/00000000-0000-4000-8000-000000000000', 404],
      ['DELETE', '/api/team/invitations/00000000-0000-4000-8000-000000000000', 404],
      ['GET', '/api/storage/avatars/%E0%A4%A', 404],
      ['GET', '/api/storage/nope/file.png', 404],
      ['GET', '/api/inspections/not-a-uuid', 400],
      ['GET', '/api/inspections/not-a-uuid/activity', 400],
      ['GET', '/api/inspections/00000000-0000-4000-8000-000000000000', 404],
      ['GET', '/api/inspections/00000000-0000-4000-8000-000000000000/activity', 404],
      ['GET', '/api/measurements/not-a-uuid', 400],
      ['DELETE', '/api/measurements/not-a-uuid', 400],
      ['DELETE', '/api/measurements/not-a-uuid/report', 400],
      ['GET', '/api/measurements?sessionId=not-a-uuid', 400],
      ['GET', '/api/measurements/00000000-0000-4000-8000-000000000000', 404],
      ['DELETE', '/api/measurements/00000000-0000-4000-8000-000000000000', 404],
      ['DELETE', '/api/measurements/00000000-0000-4000-8000-000000000000/report', 404],
      ['GET', '/api/estimates', 400],
      ['GET', '/api/estimates/not-a-uuid', 400],
      ['GET', '/api/estimates?projectId=not-a-uuid', 400],
      ['GET', '/api/estimates/00000000-0000-4000-8000-000000000000', 404],
      ['GET', '/api/estimates?sessionId=00000000-0000-4000-8000-000000000000', 404],
      ['POST', '/api/inspections/not-a-uuid/convert', 400],
    ];
    for (const [method, path, status] of cases) {
      const response = await owner.request(method, path, method === 'PATCH' ? { json: { role: 'member' } } : {});
      expectErrorShape(response, `${method} ${path}`, status);
    }
    expect(await server.counts()).toEqual(before);
  });

  it('cannot bypass the validated auth routes with a trailing slash or other spelling', async () => {
    const client = server.client();
    // Other spellings find no route (404); the query string reaches the validated route, which refuses the common password (400).
    for (const [path, status] of [
      ['/api/auth/sign-up/email/', 404],
      ['/api/auth/sign-up/email//', 404],
      ['/api/auth//sign-up/email', 404],
      ['/api/auth/sign-up/email?x=1', 400],
    ] as const) {
      const response = await client.request('POST', path, { json: signUpBody({ password: 'password123' }) });
      expectErrorShape(response, `POST ${path}`, status);
    }
    expect(await server.counts()).toEqual(before);
  });
});
