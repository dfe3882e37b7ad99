import 'fake-indexeddb/auto';
import { describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { ApiError } from '../../lib/api-client';
import { openChatOutboxDb, type OutboxMessage } from './db';
import { fakeNetwork } from '../outbox/test-helpers';
import { createChatOutbox } from './engine';
import { retryDelayMs } from '../outbox/retry';

// The outbox sends in the order messages were written, each once, removes a message only after the
// server answered, keeps everything through a lost network and drops what the server refuses.

const CONVERSATION = '11111111-1111-4111-8111-111111111111';
let dbCounter = 0;

/** Lets IndexedDB (fake-indexeddb answers on setImmediate) and promise chains run. */
async function settle(): Promise<void> {
  for (let i = 0; i < 60; i++) await new Promise<void>((resolve) => setImmediate(resolve));
}

function stored(queued: OutboxMessage, seq: number): ChatMessage {
  return {
    id: crypto.randomUUID(),
    seq,
    conversationId: queued.conversationId,
    senderId: queued.userId,
    senderName: 'Alice Roof',
    content: queued.content,
    messageType: 'text',
    clientId: queued.clientId,
    createdAt: new Date().toISOString(),
    attachments: [],
    mentions: queued.mentions,
  };
}

function setup({
  online = true,
  answer,
  retryDelay = () => 60_000,
}: { online?: boolean; answer?: (queued: OutboxMessage, attempt: number) => ChatMessage | Error; retryDelay?: (failures: number) => number } = {}) {
  dbCounter += 1;
  const db = openChatOutboxDb(`chat-outbox-test-${dbCounter}-${Math.random().toString(36).slice(2)}`);
  const net = fakeNetwork(online);
  const attempts: string[] = [];
  const sent: ChatMessage[] = [];
  const dropped: OutboxMessage[] = [];
  let seq = 0;
  const outbox = createChatOutbox({
    db,
    network: net,
    lock: null,
    retryDelay,
    log: () => undefined,
    send: async (queued) => {
      attempts.push(queued.content);
      const result = answer ? answer(queued, attempts.length) : stored(queued, ++seq);
      if (result instanceof Error) throw result;
      return result;
    },
    onSent: (message) => sent.push(message),
    onDropped: (queued) => dropped.push(queued),
  });
  const write = (content: string) => outbox.enqueue({ clientId: crypto.randomUUID(), userId: 'u-alice', conversationId: CONVERSATION, content, mentions: [] });
  return { db, net, outbox, attempts, sent, dropped, write };
}

describe('chat outbox', () => {
  it('keeps messages written offline and sends them once each, in order, when the connection returns', async () => {
    const { db, net, outbox, attempts, sent, write } = setup({ online: false });
    outbox.start('u-alice');
    await write('first');
    await write('second');
    await write('third');
    await outbox.flush();
    expect(attempts).toEqual([]);
    expect(await db.messages.count()).toBe(3);

    net.set(true);
    await outbox.flush();
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(0));
    expect(attempts).toEqual(['first', 'second', 'third']);
    expect(sent.map((m) => m.content)).toEqual(['first', 'second', 'third']);

    // More flushes (another online event, a reload) send nothing again.
    net.set(true);
    await outbox.flush();
    expect(attempts).toEqual(['first', 'second', 'third']);
    outbox.stop();
  });

  it('keeps the order through a failed attempt and sends the same message (same client id) again, never the next one first', async () => {
    const clientIds: string[] = [];
    const { db, net, outbox, attempts, sent, write } = setup({
      online: false,
      answer: (queued, attempt) => {
        clientIds.push(queued.clientId);
        return attempt === 1 ? new ApiError(0, 'NETWORK_ERROR', 'Network error', 'r-1') : stored(queued, attempt);
      },
    });
    outbox.start('u-alice');
    await write('one');
    await write('two');
    net.set(true);
    await vi.waitFor(() => expect(attempts).toEqual(['one']));
    await settle();
    expect(attempts).toEqual(['one']);
    expect(await db.messages.count()).toBe(2);

    await outbox.flush();
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(0));
    expect(attempts).toEqual(['one', 'one', 'two']);
    expect(clientIds[0]).toBe(clientIds[1]);
    expect(sent.map((m) => m.content)).toEqual(['one', 'two']);
    outbox.stop();
  });

  it('drops a message the server refuses for good and sends the next; a server failure keeps it', async () => {
    const refused = setup({
      answer: (queued, attempt) => (queued.content === 'bad' ? new ApiError(400, 'VALIDATION_ERROR', 'Invalid', `r-${attempt}`) : stored(queued, attempt)),
    });
    refused.outbox.start('u-alice');
    await refused.write('bad');
    await refused.write('good');
    await vi.waitFor(async () => expect(await refused.db.messages.count()).toBe(0));
    expect(refused.dropped.map((m) => m.content)).toEqual(['bad']);
    expect(refused.sent.map((m) => m.content)).toEqual(['good']);
    refused.outbox.stop();

    const failing = setup({ answer: () => new ApiError(503, 'SERVER_ERROR', 'Down', 'r-x') });
    failing.outbox.start('u-alice');
    await failing.write('kept');
    await vi.waitFor(() => expect(failing.attempts).toEqual(['kept']));
    await settle();
    expect(failing.attempts).toEqual(['kept']);
    expect(failing.dropped).toEqual([]);
    expect(await failing.db.messages.count()).toBe(1);
    failing.outbox.stop();
  });

  it('sends only the signed-in user’s messages', async () => {
    const { outbox, attempts, db } = setup({ online: true });
    await db.messages.add({ clientId: crypto.randomUUID(), userId: 'u-bob', conversationId: CONVERSATION, content: 'from bob', mentions: [], createdAt: 1 });
    outbox.start('u-alice');
    await outbox.flush();
    expect(attempts).toEqual([]);
    expect(await db.messages.count()).toBe(1);
    outbox.stop();
  });

  it("tries again on the outboxes' backoff while the server fails, and starts the count again once a message is sent", async () => {
    const failures: number[] = [];
    const { db, outbox, attempts, sent, write } = setup({
      answer: (queued, attempt) =>
        attempt === 1 || attempt === 2 || attempt === 4 ? new ApiError(503, 'SERVER_ERROR', 'Down', `r-${attempt}`) : stored(queued, attempt),
      retryDelay: (count) => {
        failures.push(count);
        return 1;
      },
    });
    outbox.start('u-alice');
    await write('one');
    await vi.waitFor(async () => expect(await db.messages.count()).toBe(0));
    await write('two');
    await vi.waitFor(() => expect(sent.map((m) => m.content)).toEqual(['one', 'two']));
    expect(attempts).toEqual(['one', 'one', 'one', 'two', 'two']);
    expect(failures).toEqual([1, 2, 1]);
    expect(failures.map(retryDelayMs)).toEqual([1000, 2000, 1000]);
    outbox.stop();
  });

  it('keeps a message a signed-out session (401) could not send, instead of dropping it', async () => {
    const { db, outbox, dropped, write } = setup({ answer: () => new ApiError(401, 'UNAUTHORIZED', 'Sign in', 'r') });
    outbox.start('u-alice');
    await write('kept');
    await vi.waitFor(() => expect(outbox.isWaiting()).toBe(true));
    expect(dropped).toEqual([]);
    expect(await db.messages.count()).toBe(1);
    outbox.stop();
  });
});
