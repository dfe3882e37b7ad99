import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { mailOutbox } from '../../infra/db/schema/index';
import { INVITATION_SUBJECT } from '../../infra/mail/templates';
import { signedInOwner } from '../../test/factories';
import type { TestClient, TestResponse } from '../../test/test-client';
import { uniqueEmail } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Invitation mails go out from our sender to any address, so they are limited (50 per company per
// 24 hours, 20 per client address per hour: the defaults) and carry no text a user typed in their
// subject. The test client is a trusted proxy here, so X-Forwarded-For names the client's address.

const server = useTestServer({ TRUST_PROXY: 'loopback' });

const invite = (client: TestClient, address: string) =>
  client.post('/api/team/invitations', { email: uniqueEmail('invitee'), role: 'member' }, { headers: { 'X-Forwarded-For': address } });

const invitationsOf = async (companyId: string) =>
  (await server.db.execute<{ n: number }>(sql`select count(*)::int as n from invitations where company_id = ${companyId}`)).rows[0]?.n;

function expectLimited(response: TestResponse, maxSeconds: number) {
  expect(response.status, response.text).toBe(429);
  expect(response.body).toMatchObject({
    error: { code: 'RATE_LIMITED', message: expect.any(String), requestId: expect.any(String), timestamp: expect.any(String) },
  });
  const retryAfter = Number(response.headers.get('Retry-After'));
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(maxSeconds);
}

describe('invitation limits', () => {
  it('an address sends at most 20 invitations an hour: 21 sent at once give 20 invitations and one 429', async () => {
    const { client, company } = await signedInOwner(server);
    const answers = await Promise.all(Array.from({ length: 21 }, () => invite(client, '203.0.113.10')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(20);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(1);
    for (const answer of refused) expectLimited(answer, 3600);
    expect(await invitationsOf(company.id)).toBe(20);
    // The limit is the address's: the same company from another address still invites.
    expect((await invite(client, '203.0.113.11')).status).toBe(201);
  });

  it('a company sends at most 50 invitations in 24 hours: 55 sent at once from three addresses give 50 invitations and five 429s', async () => {
    const { client, company } = await signedInOwner(server);
    const addresses = ['203.0.113.20', '203.0.113.21', '203.0.113.22'];
    const answers = await Promise.all(Array.from({ length: 55 }, (_, i) => invite(client, addresses[i % 3] ?? '')));
    expect(answers.filter((a) => a.status === 201)).toHaveLength(50);
    const refused = answers.filter((a) => a.status !== 201);
    expect(refused).toHaveLength(5);
    for (const answer of refused) expectLimited(answer, 24 * 3600);
    expect(await invitationsOf(company.id)).toBe(50);
    expectLimited(await invite(client, '203.0.113.23'), 24 * 3600);
    expect(await invitationsOf(company.id)).toBe(50);
    // Another company has its own budget.
    const other = await signedInOwner(server);
    expect((await invite(other.client, '203.0.113.24')).status).toBe(201);
  });
});

describe('the invitation mail', () => {
  it("keeps the company's name out of the subject and quotes it in the body as the company's name, escaped in HTML", async () => {
    const lure = 'Your account is locked - verify at https://evil.example/<b>now</b>';
    const { client } = await signedInOwner(server, { owner: { firstName: 'Dana', lastName: 'Ridge' } });
    const renamed = await client.patch<{ name: string }>('/api/company', { name: lure });
    expect(renamed.body.name, renamed.text).toBe(lure);
    const email = uniqueEmail('invitee');
    expect((await client.post('/api/team/invitations', { email, role: 'member' }, { headers: { 'X-Forwarded-For': '203.0.113.30' } })).status).toBe(201);
    const mail = await server.readMail(email);
    expect(mail.subject).toBe(INVITATION_SUBJECT);
    expect(mail.subject).not.toMatch(/locked|evil|Dana/);
    expect(mail.text).toContain(`Company name, as the company entered it: "${lure}"`);
    expect(mail.text).toContain('Invited by: "Dana Ridge"');
    const [row] = await server.db.select({ html: mailOutbox.html }).from(mailOutbox).where(eq(mailOutbox.id, mail.id));
    expect(row?.html).toContain(
      'Company name, as the company entered it: &ldquo;<strong>Your account is locked - verify at https://evil.example/&lt;b&gt;now&lt;/b&gt;</strong>&rdquo;',
    );
    expect(row?.html).not.toContain('<b>now');
  });
});
