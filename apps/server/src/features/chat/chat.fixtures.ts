import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import type { ChatMessage, Conversation, ConversationListResponse, CreateConversationResponse } from '@ridgeline/shared/contracts/chat';
import type { Db } from '../../infra/db/client';

/** What the fixtures need of the tests' HTTP client and its answers. */
type TestResponse<T = unknown> = { status: number; text: string; body: T };
type TestClient = {
  get: <T>(path: string) => Promise<TestResponse<T>>;
  post: <T>(path: string, json?: unknown) => Promise<TestResponse<T>>;
};

// What the chat's server tests share: creating conversations and messages through the API, the
// error shape, and counting the chat's rows (a refused request must leave them unchanged).

/** The one error shape, with the status and code (and words containing `message`, when given). */
export function expectError(response: TestResponse, status: number, code: string, message?: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({
    error: {
      code,
      message: message === undefined ? expect.any(String) : expect.stringContaining(message),
      timestamp: expect.any(String),
      requestId: expect.any(String),
    },
  });
}

export async function createConversation(client: TestClient, memberIds: string[], name?: string): Promise<CreateConversationResponse> {
  const response = await client.post<CreateConversationResponse>('/api/chat/conversations', { memberIds, ...(name === undefined ? {} : { name }) });
  if (response.status !== 201 && response.status !== 200) throw new Error(`create answered ${response.status}: ${response.text}`);
  return response.body;
}

export async function send(client: TestClient, conversationId: string, content: string, mentions: string[] = []): Promise<ChatMessage> {
  const response = await client.post<{ message: ChatMessage }>(`/api/chat/conversations/${conversationId}/messages`, {
    clientId: randomUUID(),
    content,
    mentions,
  });
  if (response.status !== 201) throw new Error(`send answered ${response.status}: ${response.text}`);
  return response.body.message;
}

export async function listed(client: TestClient): Promise<ConversationListResponse> {
  const response = await client.get<ConversationListResponse>('/api/chat/conversations');
  expect(response.status, response.text).toBe(200);
  return response.body;
}

export function find(list: ConversationListResponse, id: string): Conversation | undefined {
  return list.conversations.find((conversation) => conversation.id === id);
}

export type ChatCounts = { conversations: number; members: number; messages: number; mentions: number; notifications: number; attachments: number };

/** The chat's rows in the whole database. */
export async function chatCounts(db: Db): Promise<ChatCounts> {
  const result = await db.execute<ChatCounts>(sql`select
    (select count(*)::int from conversations) as conversations,
    (select count(*)::int from conversation_members) as members,
    (select count(*)::int from messages) as messages,
    (select count(*)::int from message_mentions) as mentions,
    (select count(*)::int from notifications) as notifications,
    (select count(*)::int from message_attachments) as attachments`);
  const row = result.rows[0];
  if (!row) throw new Error('count query returned nothing');
  return row;
}
