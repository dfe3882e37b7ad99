import pg from 'pg';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Conversation, RealtimeEvent } from '@ridgeline/shared/contracts/chat';
import { conversationMembers } from '../../infra/db/schema/index';
import { signedInOwner, signedInUser, type TestCompany } from '../../test/factories';
import { openReadySocket, type TestSocket } from '../../test/realtime-socket';
import { uniqueEmail, type SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createConversation, expectError } from './chat.fixtures';

// A conversation's members changing: who is told over the realtime socket, and changes made at the
// same moment as another (two adds, an add while the adder or the added person is being removed).

const server = useTestServer();
let owner: SignedUpUser & { company: TestCompany };
let bea: SignedUpUser;
let cal: SignedUpUser;
let dee: SignedUpUser;
let outsider: SignedUpUser & { company: TestCompany };
const sockets: TestSocket[] = [];

beforeAll(async () => {
  owner = await signedInOwner(server, { owner: { firstName: 'Olive', lastName: 'Owner' } });
  bea = await signedInUser(server, { company: owner.company, firstName: 'Bea', lastName: 'Shingle', email: uniqueEmail('bea') });
  cal = await signedInUser(server, { company: owner.company, firstName: 'Cal', lastName: 'Gutter', email: uniqueEmail('cal') });
  dee = await signedInUser(server, { company: owner.company, firstName: 'Dee', lastName: 'Flash', email: uniqueEmail('dee') });
  outsider = await signedInOwner(server, { name: 'Other Roofing', owner: { firstName: 'Xavi', lastName: 'Outside' } });
});

afterAll(() => {
  for (const socket of sockets) socket.close();
});

const socketOf = (user: SignedUpUser) => openReadySocket(server.url, user, sockets);

const membershipOf = (conversationId: string) => (event: RealtimeEvent) => event.type === 'membership' && event.conversationId === conversationId;

async function memberIds(conversationId: string): Promise<string[]> {
  const rows = await server.db
    .select({ id: conversationMembers.profileId })
    .from(conversationMembers)
    .where(eq(conversationMembers.conversationId, conversationId));
  return rows.map((row) => row.id).sort();
}

/**
 * Runs `hold` in a transaction of its own connection and keeps it open while `during` runs, then
 * commits: what `during` does meets the held, uncommitted write, as a request racing it would.
 */
async function whileHeld(hold: (client: pg.Client) => Promise<void>, during: () => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: server.deps.config.databaseUrl ?? '' });
  await client.connect();
  try {
    await client.query('begin');
    await hold(client);
    await during();
    await client.query('commit');
  } finally {
    await client.end();
  }
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('removing a member', () => {
  it('tells the other members and the removed member over the realtime socket, and nobody else', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id, dee.me.id], 'Roof crew');
    const [ownerSocket, beaSocket, calSocket, deeSocket, outsiderSocket] = await Promise.all([owner, bea, cal, dee, outsider].map(socketOf));
    const removed = await owner.client.delete<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}/members/${dee.me.id}`);
    expect(removed.status, removed.text).toBe(200);
    for (const socket of [ownerSocket, beaSocket, calSocket, deeSocket]) await socket?.next(membershipOf(conversation.id), 3000);
    await pause(200);
    expect(outsiderSocket?.events.filter((event) => event.type === 'membership')).toEqual([]);
    // The removed member reads the conversation no more; the others see the new member list.
    expect((await dee.client.get(`/api/chat/conversations/${conversation.id}`)).status).toBe(404);
    const shown = await cal.client.get<{ conversation: Conversation }>(`/api/chat/conversations/${conversation.id}`);
    expect(shown.body.conversation.members.map((member) => member.id).sort()).toEqual([owner.me.id, bea.me.id, cal.me.id].sort());
    for (const socket of [ownerSocket, beaSocket, calSocket, deeSocket, outsiderSocket]) socket?.close();
  });

  it("another company's user gets 404, changes nothing and is told nothing", async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Gutter crew');
    const beaSocket = await socketOf(bea);
    expectError(await outsider.client.delete(`/api/chat/conversations/${conversation.id}/members/${cal.me.id}`), 404, 'NOT_FOUND');
    expectError(await outsider.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: outsider.me.id }), 404, 'NOT_FOUND');
    await pause(200);
    expect(beaSocket.events.filter(membershipOf(conversation.id))).toEqual([]);
    expect(await memberIds(conversation.id)).toEqual([owner.me.id, bea.me.id, cal.me.id].sort());
    beaSocket.close();
  });
});

describe('adding a member', () => {
  it('tells every member, the new one included', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Estimators');
    const [ownerSocket, calSocket, deeSocket] = await Promise.all([owner, cal, dee].map(socketOf));
    expect((await bea.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: dee.me.id })).status).toBe(200);
    for (const socket of [ownerSocket, calSocket, deeSocket]) await socket?.next(membershipOf(conversation.id), 3000);
    for (const socket of [ownerSocket, calSocket, deeSocket]) socket?.close();
  });

  it('two adds of one colleague at once add them once, both answer the conversation with them, and each member is told once', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Adjuster meeting');
    const calSocket = await socketOf(cal);
    const path = `/api/chat/conversations/${conversation.id}/members`;
    const answers = await Promise.all([
      owner.client.post<{ conversation: Conversation }>(path, { profileId: dee.me.id }),
      bea.client.post<{ conversation: Conversation }>(path, { profileId: dee.me.id }),
    ]);
    for (const answer of answers) {
      expect(answer.status, answer.text).toBe(200);
      expect(answer.body.conversation.members.map((member) => member.id)).toContain(dee.me.id);
    }
    expect(await memberIds(conversation.id)).toEqual([owner.me.id, bea.me.id, cal.me.id, dee.me.id].sort());
    await calSocket.next(membershipOf(conversation.id), 3000);
    await pause(300);
    expect(calSocket.events.filter(membershipOf(conversation.id))).toHaveLength(1);
    calSocket.close();
  });

  it('made by a member being removed at that moment waits for the removal, then answers 404 and adds nobody', async () => {
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Supplements');
    let answer: Promise<{ status: number; text: string; body: unknown }> | null = null;
    await whileHeld(
      (client) =>
        client.query('delete from conversation_members where conversation_id = $1 and profile_id = $2', [conversation.id, bea.me.id]).then(() => undefined),
      async () => {
        answer = bea.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: dee.me.id });
        // The add reaches its check while the removal is still uncommitted.
        await pause(400);
      },
    );
    if (!answer) throw new Error('the add was not sent');
    expectError(await answer, 404, 'NOT_FOUND');
    expect(await memberIds(conversation.id)).toEqual([owner.me.id, cal.me.id].sort());
  });

  it('of a colleague being removed from the company at that moment waits for the removal, then answers 400 NOT_A_COLLEAGUE', async () => {
    const leaving = await signedInUser(server, { company: owner.company, firstName: 'Lee', lastName: 'Leaving', email: uniqueEmail('lee') });
    const { conversation } = await createConversation(owner.client, [bea.me.id, cal.me.id], 'Inspections');
    let answer: Promise<{ status: number; text: string; body: unknown }> | null = null;
    await whileHeld(
      (client) => client.query('delete from members where company_id = $1 and user_id = $2', [owner.company.id, leaving.me.id]).then(() => undefined),
      async () => {
        answer = owner.client.post(`/api/chat/conversations/${conversation.id}/members`, { profileId: leaving.me.id });
        await pause(400);
      },
    );
    if (!answer) throw new Error('the add was not sent');
    expectError(await answer, 400, 'NOT_A_COLLEAGUE');
    const rows = await server.db
      .select()
      .from(conversationMembers)
      .where(and(eq(conversationMembers.conversationId, conversation.id), eq(conversationMembers.profileId, leaving.me.id)));
    expect(rows).toEqual([]);
  });
});
