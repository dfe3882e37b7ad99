import { useQuery } from '@tanstack/react-query';
import { messagesResponseSchema, type ChatMessage, type MessagesResponse } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';
import { chatKeys } from './chat-keys';

// GET /api/chat/conversations/:id/messages: the latest 200 oldest first (`hasEarlier` when there
// are more), those before a seq ("load earlier"), or those after a seq (catch-up). The thread keeps
// one list per conversation in the query cache, merged by id and sorted by seq, so a message that
// arrives twice (realtime, poll, the send's own answer) is shown once.

export type MessagesPage = { before?: number; after?: number; limit?: number };

export function messagesPath(conversationId: string, page: MessagesPage = {}): string {
  const query = new URLSearchParams();
  if (page.before !== undefined) query.set('before', String(page.before));
  if (page.after !== undefined) query.set('after', String(page.after));
  if (page.limit !== undefined) query.set('limit', String(page.limit));
  const search = query.toString();
  return `/api/chat/conversations/${encodeURIComponent(conversationId)}/messages${search ? `?${search}` : ''}`;
}

export function fetchMessages(conversationId: string, page: MessagesPage = {}): Promise<MessagesResponse> {
  return api.get(messagesPath(conversationId, page), { schema: messagesResponseSchema });
}

/** `incoming` merged into `current` by id (the newer copy wins), sorted by seq. */
export function mergeMessages(current: readonly ChatMessage[], incoming: readonly ChatMessage[]): ChatMessage[] {
  if (incoming.length === 0) return [...current];
  const byId = new Map<string, ChatMessage>();
  for (const message of current) byId.set(message.id, message);
  for (const message of incoming) byId.set(message.id, message);
  return [...byId.values()].sort((a, b) => a.seq - b.seq);
}

/** The cached thread with `incoming` merged in; `hasEarlier` is kept unless given. */
export function mergeIntoThread(current: MessagesResponse | undefined, incoming: readonly ChatMessage[], hasEarlier?: boolean): MessagesResponse {
  return { messages: mergeMessages(current?.messages ?? [], incoming), hasEarlier: hasEarlier ?? current?.hasEarlier ?? false };
}

/** The highest seq held, or null when the thread is empty. */
export function lastSeq(thread: MessagesResponse | undefined): number | null {
  const messages = thread?.messages ?? [];
  return messages.length > 0 ? (messages[messages.length - 1]?.seq ?? null) : null;
}

/** The conversation's latest messages; later reads are merged into the same entry. */
export function useMessages(conversationId: string) {
  return useQuery({
    queryKey: chatKeys.messages(conversationId),
    queryFn: () => fetchMessages(conversationId),
    // Realtime, the poll and the catch-up keep it current; a refetch on focus would drop earlier pages.
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
