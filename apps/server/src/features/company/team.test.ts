import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, InvitationPreview, Me, Member, TeamResponse } from '@ridgeline/shared/contracts/team';
import { signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import type { TestClient } from '../../test/test-client';
import { linkIn, signUpBody, TEST_PASSWORD, uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

const server = useTestServer();
let owner: SignedUpUser;
let company: TestCompany;

beforeAll(async () => {
  const created = await signedInOwner(server, { name: 'Team Roofing' });
  owner = created;
  company = created.company;
});

async function invite(by: TestClient, role: 'manager' | 'member', email = uniqueEmail(role)) {
  const response = await by.post<Invitation>('/api/team/invitations', { email, role });
  expect(response.status).toBe(201);
  return { email, id: response.body.id };
}

/** A new signed-in member of the owner's company (joining by invitation is tested on its own below). */
async function join(_by: TestClient, role: 'manager' | 'member'): Promise<SignedUpUser> {
  return signedInUser(server, { company, role });
}

async function memberIdOf(client: TestClient, email: string): Promise<string> {
  const team = await client.get<TeamResponse>('/api/team');
  const found = team.body.members.find((m) => m.email === email);
  if (!found) throw new Error(`${email} is not on the team`);
  return found.id;
}

describe('joining through an invitation', () => {
  it('signs the invited person up into the inviting company, creating no company', async () => {
    const { email, id } = await invite(owner.client, 'member');
    const preview = await server.client().get<InvitationPreview>(`/api/invitations/${id}`);
    expect(preview.status).toBe(200);
    expect(preview.body).toMatchObject({ id, email, companyName: 'Team Roofing', role: 'member', status: 'pending' });

    const before = await server.counts();
    const joined = await server.signUpVerified({ email, invitationId: id, companyName: 'Ignored Co' });
    expect(joined.me.company).toEqual({ id: owner.me.company?.id, name: 'Team Roofing', role: 'member' });
    const after = await server.counts();
    expect(after.companies).toBe(before.companies);
    expect(after.members).toBe(before.members + 1);

    const team = await owner.client.get<TeamResponse>('/api/team');
    expect(team.body.myRole).toBe('owner');
    expect(team.body.members.map((m) => m.email)).toContain(email);
    expect(team.body.invitations.map((i) => i.id)).not.toContain(id);
    expect((await server.client().get<InvitationPreview>(`/api/invitations/${id}`)).body.status).toBe('accepted');
  });

  it('takes the mailed link as proof of the address: no confirmation mail, and the invited person signs in at once', async () => {
    const { email, id } = await invite(owner.client, 'member');
    const link = new URL(linkIn(await server.readMail(email, 'invited')));
    expect(link.searchParams.get('invitation')).toBe(id);
    const key = link.searchParams.get('key');
    expect(key).toMatch(/^[\w-]{40,}$/);

    const signUp = await server.client().post('/api/auth/sign-up/email', { ...signUpBody({ email, invitationId: id }), invitationKey: key });
    expect(signUp.status, signUp.text).toBe(200);
    const invited = server.client();
    const signIn = await invited.post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
    expect(signIn.status, signIn.text).toBe(200);
    const me = await invited.get<Me>('/api/me');
    expect(me.body.company).toEqual({ id: owner.me.company?.id, name: 'Team Roofing', role: 'member' });
    // The confirmation mail is never sent: the address was proven by the invitation's own mail.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const confirmations = await server.db.execute<{ n: number }>(
      sql`select count(*)::int as n from mail_outbox where "to" = ${email} and subject ilike '%Confirm%'`,
    );
    expect(confirmations.rows[0]?.n).toBe(0);
  });

  it('still asks to confirm the address when the key is missing, made up, or another invitation’s', async () => {
    const other = await invite(owner.client, 'member');
    const otherKey = new URL(linkIn(await server.readMail(other.email, 'invited'))).searchParams.get('key') ?? '';
    for (const invitationKey of [undefined, 'x'.repeat(43), otherKey]) {
      const { email, id } = await invite(owner.client, 'member');
      const body = { ...signUpBody({ email, invitationId: id }), ...(invitationKey ? { invitationKey } : {}) };
      expect((await server.client().post('/api/auth/sign-up/email', body)).status).toBe(200);
      const refused = await server.client().post('/api/auth/sign-in/email', { email, password: TEST_PASSWORD });
      expect(refused.status).toBe(403);
      expect(refused.body).toMatchObject({ error: { code: 'EMAIL_NOT_VERIFIED' } });
      expect((await server.readMail(email, 'Confirm')).subject).toContain('Confirm');
    }
  });

  it('ignores an invitation meant for another address at sign-up (own company instead)', async () => {
    const { id } = await invite(owner.client, 'member');
    const other = await server.signUpVerified({ invitationId: id, companyName: 'Elsewhere Ltd' });
    expect(other.me.company).toMatchObject({ name: 'Elsewhere Ltd', role: 'owner' });
    expect((await server.client().get<InvitationPreview>(`/api/invitations/${id}`)).body.status).toBe('pending');
  });

  it('refuses to invite someone already on the team or in another company', async () => {
    const joined = await join(owner.client, 'member');
    expect((await owner.client.post('/api/team/invitations', { email: joined.email, role: 'member' })).status).toBe(409);
    const elsewhere = await signedInOwner(server);
    expect((await owner.client.post('/api/team/invitations', { email: elsewhere.email, role: 'member' })).status).toBe(409);
    expect((await owner.client.post('/api/team/invitations', { email: uniqueEmail(), role: 'owner' })).status).toBe(400);
  });
});

describe('roles and removal', () => {
  it('lets a manager change members but never owners', async () => {
    const manager = await join(owner.client, 'manager');
    const member = await join(owner.client, 'member');
    const ownerId = await memberIdOf(owner.client, owner.email);
    const memberId = await memberIdOf(owner.client, member.email);

    const promoted = await manager.client.patch<Member>(`/api/team/members/${memberId}`, { role: 'manager' });
    expect(promoted.status).toBe(200);
    expect(promoted.body).toMatchObject({ id: memberId, role: 'manager', email: member.email });
    expect((await manager.client.patch(`/api/team/members/${memberId}`, { role: 'owner' })).status).toBe(403);
    expect((await manager.client.patch(`/api/team/members/${ownerId}`, { role: 'member' })).status).toBe(403);
    expect((await manager.client.delete(`/api/team/members/${ownerId}`)).status).toBe(403);
    // Read back: the refused changes left both roles as they were.
    const afterManager = (await owner.client.get<TeamResponse>('/api/team')).body.members;
    expect(afterManager.find((m) => m.id === ownerId)?.role).toBe('owner');
    expect(afterManager.find((m) => m.id === memberId)?.role).toBe('manager');

    const plain = await join(owner.client, 'member');
    const refusedEmail = uniqueEmail();
    expect((await plain.client.patch(`/api/team/members/${memberId}`, { role: 'member' })).status).toBe(403);
    expect((await plain.client.post('/api/team/invitations', { email: refusedEmail, role: 'member' })).status).toBe(403);
    expect((await plain.client.get<TeamResponse>('/api/team')).body.myRole).toBe('member');
    const afterPlain = (await owner.client.get<TeamResponse>('/api/team')).body;
    expect(afterPlain.members.find((m) => m.id === memberId)?.role).toBe('manager');
    expect(afterPlain.invitations.map((i) => i.email)).not.toContain(refusedEmail);
  });

  it('keeps at least one owner', async () => {
    const ownerId = await memberIdOf(owner.client, owner.email);
    const demote = await owner.client.patch(`/api/team/members/${ownerId}`, { role: 'manager' });
    expect(demote.status).toBe(409);
    expect((await owner.client.get<Me>('/api/me')).body.company?.role).toBe('owner');

    const second = await join(owner.client, 'member');
    const secondId = await memberIdOf(owner.client, second.email);
    expect((await owner.client.patch(`/api/team/members/${secondId}`, { role: 'owner' })).status).toBe(200);
    expect((await second.client.patch(`/api/team/members/${secondId}`, { role: 'member' })).status).toBe(200);
  });

  it('removes members, but never yourself', async () => {
    const ownerId = await memberIdOf(owner.client, owner.email);
    const self = await owner.client.delete(`/api/team/members/${ownerId}`);
    expect(self.status).toBe(400);
    expect(self.body).toMatchObject({ error: { code: 'CANNOT_REMOVE_SELF' } });

    const leaving = await join(owner.client, 'member');
    const leavingId = await memberIdOf(owner.client, leaving.email);
    expect((await owner.client.delete(`/api/team/members/${leavingId}`)).status).toBe(204);
    expect((await owner.client.delete(`/api/team/members/${leavingId}`)).status).toBe(404);
    const me = await leaving.client.get<Me>('/api/me');
    expect(me.body.company).toBeNull();
    const noCompany = await leaving.client.get('/api/company');
    expect(noCompany.status).toBe(403);
    expect(noCompany.body).toMatchObject({ error: { code: 'NO_COMPANY' } });
  });
});

describe('invitations', () => {
  it('revokes a pending invitation', async () => {
    const { email, id } = await invite(owner.client, 'member');
    expect((await owner.client.delete(`/api/team/invitations/${id}`)).status).toBe(204);
    const team = await owner.client.get<TeamResponse>('/api/team');
    expect(team.body.invitations.map((i) => i.id)).not.toContain(id);
    const joined = await server.signUpVerified({ email, invitationId: id });
    expect(joined.me.company?.id).not.toBe(owner.me.company?.id);
  });

  it('is accepted by an existing user without a company, and only by the invited address', async () => {
    const person = await join(owner.client, 'member');
    await owner.client.delete(`/api/team/members/${await memberIdOf(owner.client, person.email)}`);

    const { id } = await invite(owner.client, 'manager', person.email);
    const stranger = await signedInOwner(server);
    const wrong = await stranger.client.post(`/api/invitations/${id}/accept`, {});
    expect(wrong.status).toBe(403);
    expect((await server.client().post(`/api/invitations/${id}/accept`, {})).status).toBe(401);
    // Read back: the stranger stayed in their own company and the invitation is still open.
    expect((await stranger.client.get<Me>('/api/me')).body.company?.id).toBe(stranger.me.company?.id);
    expect((await server.client().get<InvitationPreview>(`/api/invitations/${id}`)).body.status).toBe('pending');

    const accepted = await person.client.post(`/api/invitations/${id}/accept`, {});
    expect(accepted.status).toBe(200);
    expect(accepted.body).toEqual({ accepted: true });
    expect((await person.client.get<Me>('/api/me')).body.company).toMatchObject({ id: owner.me.company?.id, role: 'manager' });
    expect((await person.client.post(`/api/invitations/${id}/accept`, {})).status).toBe(404);
  });

  it('stops working once expired: preview says expired, accept 404, sign-up makes its own company', async () => {
    const { email, id } = await invite(owner.client, 'member');
    await server.db.execute(sql`update invitations set expires_at = now() - interval '1 minute' where id = ${id}`);
    expect((await server.client().get<InvitationPreview>(`/api/invitations/${id}`)).body.status).toBe('expired');
    expect((await owner.client.get<TeamResponse>('/api/team')).body.invitations.map((i) => i.id)).not.toContain(id);
    const person = await server.signUpVerified({ email, invitationId: id, companyName: 'Own Co' });
    expect(person.me.company).toMatchObject({ name: 'Own Co', role: 'owner' });
  });

  it('will not move a user who already has a company (409)', async () => {
    const { email, id } = await invite(owner.client, 'member');
    // The invited person signs up on their own (without the link) and so owns a company already.
    const elsewhere = await server.signUpVerified({ email });
    expect(elsewhere.me.company?.role).toBe('owner');
    const response = await elsewhere.client.post(`/api/invitations/${id}/accept`, {});
    expect(response.status).toBe(409);
    expect((await elsewhere.client.get<Me>('/api/me')).body.company?.id).toBe(elsewhere.me.company?.id);
  });
});
