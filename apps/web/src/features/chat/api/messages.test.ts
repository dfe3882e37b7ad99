import { describe, expect, it } from 'vitest';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { lastSeq, mergeIntoThread, mergeMessages } from './messages';

const message = (id: string, seq: number, content = `m${seq}`): ChatMessage => ({
  id,
  seq,
  conversationId: 'aaaaaaaa-aaaa-4aaa-8aaa-aaaaaaaaaaaa',
  senderId: 'u-1',
  senderName: 'Ann Lee',
  content,
  messageType: 'text',
  clientId: null,
  createdAt: '2026-11-23T10:00:00.000Z',
  attachments: [],
  mentions: [],
});

describe('messages merge', () => {
  it('keeps one copy per id (the newer one) sorted by seq', () => {
    const merged = mergeMessages([message('x', 3), message('y', 1)], [message('x', 3, 'renewed'), message('z', 2), message('y', 1)]);
    expect(merged.map((m) => [m.id, m.content])).toEqual([
      ['y', 'm1'],
      ['z', 'm2'],
      ['x', 'renewed'],
    ]);
  });

  it('keeps hasEarlier unless the page says, and knows the last seq', () => {
    const thread = mergeIntoThread({ messages: [message('a', 5)], hasEarlier: true }, [message('b', 9)]);
    expect(thread.hasEarlier).toBe(true);
    expect(lastSeq(thread)).toBe(9);
    expect(mergeIntoThread(thread, [message('c', 1)], false).hasEarlier).toBe(false);
    expect(lastSeq({ messages: [], hasEarlier: false })).toBeNull();
  });
});
