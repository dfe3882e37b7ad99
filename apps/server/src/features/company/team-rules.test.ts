import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Invitation, Member, TeamResponse } from '@ridgeline/shared/contracts/team';
import type { TestClient } from '../../test/test-client';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';

// Team rules read back from what the server stored: an invitation lasts seven days from its
// sending, and a manager cannot change an owner even where the last-owner rule would allow it.

const DAY_MS = 24 * 60 * 60 * 1000;

const server = useTestServer();
let owner: SignedUpUser;

beforeAll(async () => {
  owner = await server.signUpVerified({ companyName: 'Two Owners Roofing' });
});

async function join(role: 'manager' | 'member'): Promise<SignedUpUser> {
  const email = uniqueEmail(role);
  const invite = await owner.client.post<Invitation>('/api/team/invitations', { email, role });
  expect(invite.status).toBe(201);
  return server.signUpVerified({ email, invitationId: invite.body.id });
}

async function roleOf(client: TestClient, email: string) {
  const team = await client.get<TeamResponse>('/api/team');
  const found = team.body.members.find((m) => m.email === email);
  if (!found) throw new Error(`${email} is not on the team`);
  return found;
}

describe('invitations', () => {
  it('are valid for seven days from sending, as stored and answered by the server', async () => {
    const before = Date.now();
    const invite = await owner.client.post<Invitation>('/api/team/invitations', { email: uniqueEmail('week'), role: 'member' });
    const after = Date.now();
    expect(invite.status).toBe(201);

    const rows = await server.db.execute<{ expires_ms: number; created_ms: number }>(
      sql`select (extract(epoch from expires_at) * 1000)::float8 as expires_ms, (extract(epoch from created_at) * 1000)::float8 as created_ms
          from invitations where id = ${invite.body.id}`,
    );
    const row = rows.rows[0];
    if (!row) throw new Error('the invitation was not stored');
    const stored = Math.round(row.expires_ms);
    expect(stored).toBeGreaterThanOrEqual(before + 7 * DAY_MS - 1_000);
    expect(stored).toBeLessThanOrEqual(after + 7 * DAY_MS + 1_000);
    expect(Math.abs(stored - row.created_ms - 7 * DAY_MS)).toBeLessThan(5_000);
    expect(new Date(invite.body.expiresAt).getTime()).toBe(stored);

    const listed = (await owner.client.get<TeamResponse>('/api/team')).body.invitations.find((i) => i.id === invite.body.id);
    expect(listed?.expiresAt).toBe(invite.body.expiresAt);
  });
});

describe('a manager and two owners', () => {
  it("refuses the manager's demotion of either owner (403) although the company would keep an owner", async () => {
    const second = await join('member');
    const secondId = (await roleOf(owner.client, second.email)).id;
    expect((await owner.client.patch<Member>(`/api/team/members/${secondId}`, { role: 'owner' })).status).toBe(200);
    const manager = await join('manager');
    const ownerId = (await roleOf(owner.client, owner.email)).id;

    for (const id of [ownerId, secondId]) {
      for (const role of ['manager', 'member'] as const) {
        const refused = await manager.client.patch(`/api/team/members/${id}`, { role });
        expect(refused.status, `${id} to ${role}`).toBe(403);
        expect(refused.body).toMatchObject({ error: { code: 'FORBIDDEN' } });
      }
      expect((await manager.client.delete(`/api/team/members/${id}`)).status).toBe(403);
    }

    expect((await roleOf(owner.client, owner.email)).role).toBe('owner');
    expect((await roleOf(owner.client, second.email)).role).toBe('owner');
    expect((await roleOf(owner.client, manager.email)).role).toBe('manager');

    // The same demotion by an owner goes through: the refusal above was the manager's, not the last-owner rule.
    const byOwner = await owner.client.patch<Member>(`/api/team/members/${secondId}`, { role: 'manager' });
    expect(byOwner.status).toBe(200);
    expect((await roleOf(owner.client, second.email)).role).toBe('manager');
  });
});
