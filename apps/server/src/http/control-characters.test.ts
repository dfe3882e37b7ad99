import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Tutorial } from '@ridgeline/shared/contracts/tutorials';
import type { Company } from '@ridgeline/shared/contracts/team';
import { user } from '../infra/db/schema/index';
import type { TestClient, TestResponse } from '../test/test-client';
import { signUpBody, TEST_PASSWORD, uniqueEmail, type SignedUpUser } from '../test/test-server';
import { useTestServer } from '../test/use-test-server';

// A control character (NUL above all: PostgreSQL cannot store it) or a lone surrogate in any
// string field, query or path is a 400 VALIDATION_ERROR in the one error shape on every endpoint,
// public or signed in, and nothing is written.

const server = useTestServer();
let owner: SignedUpUser;
let admin: SignedUpUser;
let tutorialId = '';

const VIDEO = 'https://www.youtube.com/embed/abcdefghijk';
const NUL = '\u0000';

/** Every table a refused request must leave as it was, as one fingerprint per table. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = ['user', 'account', 'companies', 'members', 'invitations', 'tutorials', 'csp_violations', 'impersonation_audit', 'verification', 'two_factor'];
  const result: Record<string, string> = {};
  for (const table of tables) {
    const rows = await server.db.execute<{ digest: string | null }>(
      sql.raw(`select md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`),
    );
    result[table] = rows.rows[0]?.digest ?? '';
  }
  const sessions = await server.db.execute<{ n: number }>(sql`select count(*)::int as n from session`);
  result.session = String(sessions.rows[0]?.n);
  return result;
}

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Control Roofing' });
  admin = await server.signUpVerified({ companyName: 'Control Support' });
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, admin.email));
  const created = await admin.client.post<Tutorial>('/api/admin/tutorials', { pageRoute: '/control', title: 'Control', embedCode: VIDEO });
  tutorialId = created.body.id;
});

type Who = 'anonymous' | 'owner' | 'admin';
type Case = { who: Who; method: string; path: string; json?: Record<string, unknown> };

/** One case per string field of a valid body, that field carrying `bad`. */
function eachField(who: Who, method: string, path: string, valid: Record<string, unknown>, bad: (text: string) => string): Case[] {
  return Object.entries(valid)
    .filter(([, value]) => typeof value === 'string')
    .map(([field, value]) => ({ who, method, path: `${path} [${field}]`, json: { ...valid, [field]: bad(String(value)) } }));
}

function cases(bad: (text: string) => string): Case[] {
  return [
    ...eachField('anonymous', 'POST', '/api/rpc/user_exists_by_email', { _email: uniqueEmail() }, bad),
    ...eachField('anonymous', 'POST', '/api/auth/sign-up/email', signUpBody(), bad),
    ...eachField('anonymous', 'POST', '/api/auth/sign-in/email', { email: owner.email, password: TEST_PASSWORD }, bad),
    ...eachField('anonymous', 'POST', '/api/auth/request-password-reset', { email: owner.email }, bad),
    ...eachField('anonymous', 'POST', '/api/auth/reset-password', { token: 'abcdef', newPassword: 'Fresh-Copper-Flashing-77' }, bad),
    ...eachField('anonymous', 'POST', '/api/auth/factors/totp/challenge', { channel: 'totp' }, bad),
    ...eachField('anonymous', 'POST', '/api/auth/factors/totp/verify', { code: '123456', challenge_id: 'abc' }, bad),
    ...eachField(
      'anonymous',
      'POST',
      '/api/security/csp-violation',
      {
        documentURI: 'http://localhost/',
        referrer: '',
        blockedURI: 'inline',
        violatedDirective: 'script-src',
        originalPolicy: "default-src 'self'",
        disposition: 'enforce',
      },
      bad,
    ),
    ...eachField('owner', 'PATCH', '/api/me', { firstName: 'Ann', lastName: 'Lee', phone: '+1 555 010 9999' }, bad),
    ...eachField('owner', 'PATCH', '/api/company', { name: 'New Name', phone: '+1 555 010 9999', address: '1 Main St' }, bad),
    ...eachField('owner', 'POST', '/api/team/invitations', { email: uniqueEmail(), role: 'member' }, bad),
    ...eachField('owner', 'POST', '/api/auth/change-password', { currentPassword: TEST_PASSWORD, newPassword: 'Fresh-Copper-Flashing-77' }, bad),
    ...eachField('owner', 'POST', '/api/auth/two-factor/enable', { password: TEST_PASSWORD }, bad),
    ...eachField('owner', 'POST', '/api/auth/revoke-session', { token: 'no-such-token' }, bad),
    ...eachField('owner', 'POST', '/api/functions/admin-impersonation', { action: 'status', sessionId: 'abc' }, bad),
    // better-auth's own endpoints behind the generic pass-through.
    ...eachField('owner', 'POST', '/api/auth/sign-out', { note: 'x' }, bad),
    ...eachField('admin', 'PATCH', `/api/admin/users/${owner.me.id}`, { isEnabled: false, reason: 'testing' }, bad),
    ...eachField('admin', 'POST', '/api/admin/tutorials', { pageRoute: '/x', title: 'T', description: 'D', embedCode: VIDEO }, bad),
    ...eachField('admin', 'PATCH', `/api/admin/tutorials/${tutorialId}`, { title: 'T', description: 'D' }, bad),
    ...eachField('admin', 'POST', '/api/functions/admin-impersonation', { action: 'start', targetUserId: owner.me.id, reason: 'support call' }, bad),
    // Object keys are text too.
    { who: 'owner', method: 'PATCH', path: '/api/me [key]', json: { [bad('firstName')]: 'Ann' } },
  ];
}

function clientFor(who: Who): TestClient {
  if (who === 'owner') return owner.client;
  if (who === 'admin') return admin.client;
  return server.client();
}

function expect400(response: TestResponse, label: string) {
  expect(response.status, `${label}: ${response.text.slice(0, 300)}`).toBe(400);
  expect(response.body, label).toEqual({
    error: { message: expect.any(String), code: 'VALIDATION_ERROR', timestamp: expect.any(String), requestId: response.headers.get('x-request-id') },
  });
}

async function expectAllRefused(list: Case[]) {
  const before = await snapshot();
  const companyBefore = (await owner.client.get<Company>('/api/company')).body;
  for (const testCase of list) {
    const path = testCase.path.replace(/ \[.*\]$/, '');
    const response = await clientFor(testCase.who).request(testCase.method, path, testCase.json ? { json: testCase.json } : {});
    expect400(response, `${testCase.method} ${testCase.path}`);
  }
  expect(await snapshot()).toEqual(before);
  expect((await owner.client.get<Company>('/api/company')).body).toEqual(companyBefore);
  expect((await owner.client.get('/api/me')).status).toBe(200);
}

describe('control characters', () => {
  it('refuses a NUL in any string field of a JSON body with 400 and writes nothing', async () => {
    await expectAllRefused(cases((text) => `${text.slice(0, 1)}${NUL}${text.slice(1)}`));
  });

  it('refuses the other control characters (U+0001, U+001F, DEL) the same way', async () => {
    for (const char of ['\u0001', '\u001b', '\u001f', '\u007f']) {
      await expectAllRefused(cases((text) => `${text}${char}`).filter((_, i) => i % 3 === 0));
    }
  });

  it('refuses a lone surrogate (half of a UTF-16 pair) in any string field or key the same way', async () => {
    // JSON.stringify sends each as its escape ("\ud800"), which JSON.parse turns back into a lone half.
    await expectAllRefused(cases((text) => `${text.slice(0, 1)}\ud800${text.slice(1)}`));
    await expectAllRefused(cases((text) => `${text}\udfff`).filter((_, i) => i % 2 === 0));
    await expectAllRefused(cases((text) => `\ude00\ud83d${text}`).filter((_, i) => i % 3 === 0));
  });

  it('refuses a newline or tab in single-line fields (names, e-mails) but keeps them in multi-line ones', async () => {
    await expectAllRefused([
      { who: 'anonymous', method: 'POST', path: '/api/auth/sign-up/email', json: signUpBody({ firstName: 'Ro\nbin' }) },
      { who: 'anonymous', method: 'POST', path: '/api/auth/sign-up/email', json: signUpBody({ companyName: 'Ridge\tRoofing' }) },
      { who: 'owner', method: 'PATCH', path: '/api/me', json: { lastName: 'Le\re' } },
      { who: 'owner', method: 'POST', path: '/api/team/invitations', json: { email: `a\n${uniqueEmail()}`, role: 'member' } },
    ]);
    const multiLine = await owner.client.patch<Company>('/api/company', { address: '1 Main St\nSuite 2\tBack door' });
    expect(multiLine.status).toBe(200);
    expect(multiLine.body.address).toBe('1 Main St\nSuite 2\tBack door');
  });

  it('refuses a NUL in a query or a path with 400, never 500', async () => {
    await expectAllRefused([
      { who: 'owner', method: 'GET', path: '/api/tutorials?route=/dash%00board' },
      { who: 'admin', method: 'GET', path: '/api/admin/users?q=%00' },
      { who: 'admin', method: 'GET', path: '/api/admin/users?q%00=x' },
      { who: 'anonymous', method: 'GET', path: '/api/storage/avatars/%00' },
      { who: 'anonymous', method: 'GET', path: '/api/storage/avatars/a%00.png' },
      { who: 'anonymous', method: 'GET', path: '/api/invitations/%00' },
      { who: 'owner', method: 'DELETE', path: '/api/team/members/%00' },
      { who: 'anonymous', method: 'GET', path: '/api/auth/verify-email?token=%00' },
      { who: 'anonymous', method: 'GET', path: '/%00' },
    ]);
  });

  it('refuses a percent-encoded lone surrogate (%ED%A0%80) in a query or a path with 400', async () => {
    await expectAllRefused([
      { who: 'owner', method: 'GET', path: '/api/tutorials?route=/dash%ED%A0%80board' },
      { who: 'admin', method: 'GET', path: '/api/admin/users?q=%ed%bf%bf' },
      { who: 'admin', method: 'GET', path: '/api/admin/users?q%ED%B0%80=x' },
      { who: 'anonymous', method: 'GET', path: '/api/storage/avatars/a%ED%A0%80.png' },
      { who: 'anonymous', method: 'GET', path: '/api/invitations/%ED%A0%80' },
      { who: 'owner', method: 'DELETE', path: '/api/team/members/%ED%A0%80' },
      { who: 'anonymous', method: 'GET', path: '/%ED%A0%80' },
    ]);
  });

  it('refuses a form-encoded or text body before reading it: only JSON bodies reach a route', async () => {
    const client = server.client();
    for (const [contentType, body] of [
      ['application/x-www-form-urlencoded', `email=a%00b%40example.com&password=${TEST_PASSWORD}`],
      ['text/plain', `{"email":"a${NUL}b@example.com"}`],
      ['application/csp-report', JSON.stringify({ 'csp-report': { 'document-uri': `http://localhost/${NUL}` } })],
    ] as const) {
      const response = await client.request('POST', '/api/auth/sign-in/email', { body, headers: { 'Content-Type': contentType } });
      expect(response.status, contentType).toBe(415);
      expect(response.body).toMatchObject({ error: { code: 'UNSUPPORTED_MEDIA_TYPE' } });
    }
  });
});
