import type { ChatColleague, Conversation, ConversationMember } from '@ridgeline/shared/contracts/chat';
import { alice } from './session-fakes';

// Team chat fakes for the web unit tests: colleagues of Alice's company and conversations as the
// server presents them.

export const BOB: ChatColleague = { id: 'u-bob', name: 'Bob Shingle', firstName: 'Bob', lastName: 'Shingle', email: 'bob@example.com', avatarUrl: null };
export const CARA: ChatColleague = { id: 'u-cara', name: 'Cara Gutter', firstName: 'Cara', lastName: 'Gutter', email: 'cara@example.com', avatarUrl: null };
export const DAN: ChatColleague = { id: 'u-dan', name: 'Dan Flash', firstName: 'Dan', lastName: 'Flash', email: 'dan@example.com', avatarUrl: null };
export const ALICE_MEMBER: ChatColleague = { id: alice.id, name: alice.name, firstName: 'Alice', lastName: 'Roof', email: alice.email, avatarUrl: null };

export const member = (colleague: ChatColleague): ConversationMember => ({ ...colleague, addedAt: '2026-11-20T09:00:00.000Z' });

let counter = 0;

/** A conversation of Alice's: a direct message with the first colleague unless it is named (a group). */
export function conversation(overrides: Partial<Conversation> & { with?: ChatColleague[] } = {}): Conversation {
  counter += 1;
  const { with: others = [BOB], ...rest } = overrides;
  const isGroup = rest.isGroup ?? (rest.name !== undefined && rest.name !== null);
  return {
    id: `00000000-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    isGroup,
    name: null,
    title: isGroup ? (rest.name ?? 'Group Chat') : (others[0]?.name ?? 'Group Chat'),
    archived: false,
    projectId: null,
    createdBy: alice.id,
    createdAt: '2026-11-20T09:00:00.000Z',
    lastMessageAt: null,
    lastMessagePreview: '',
    unreadCount: 0,
    members: [member(ALICE_MEMBER), ...others.map(member)],
    ...rest,
  };
}
