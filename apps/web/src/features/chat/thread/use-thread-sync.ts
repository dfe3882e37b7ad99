import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef } from 'react';
import { CHAT_PAGE_SIZE, CHAT_POLL_MS } from '@ridgeline/shared/domain/chat';
import type { ChatMessage, MessagesResponse } from '@ridgeline/shared/contracts/chat';
import { sendRealtime, subscribeRealtime } from '../../../lib/realtime/realtime-client';
import { subscribeOutboxSent } from '../../../offline/chat-outbox';
import { chatKeys } from '../api/chat-keys';
import { markConversationRead } from '../api/mark-read';
import { fetchMessages, lastSeq, mergeIntoThread } from '../api/messages';

// Keeps an open conversation current: a realtime `message` of it is merged; `message-ref` (too large
// to carry) and `ready` (the socket came back) read what came after the last seq held; the same
// catch-up runs every 5 s in case the socket missed something. Everything is merged by id, so
// nothing shows twice and nothing is lost. Signed URLs are read again before they expire. The
// messages the outbox delivered are merged (and their push sent) the same way. While the
// conversation is on screen it is marked read (at most once a second) and the list's badges follow.

/** How long before a signed URL expires the messages are read again (ms). */
const URL_REFRESH_MARGIN_MS = 30_000;
/** The shortest wait before such a refresh (ms). */
const URL_REFRESH_MIN_MS = 5_000;
/** At most one read mark a second. */
const READ_THROTTLE_MS = 1000;

export function useThreadSync(conversationId: string, thread: MessagesResponse | undefined) {
  const queryClient = useQueryClient();
  const catchingUp = useRef<Promise<void> | null>(null);
  const catchUpAgain = useRef(false);

  const merge = useCallback(
    (messages: readonly ChatMessage[], hasEarlier?: boolean) => {
      const mine = messages.filter((m) => m.conversationId === conversationId);
      if (mine.length === 0 && hasEarlier === undefined) return;
      // Before the first page arrived there is nothing to merge into: that page brings them.
      queryClient.setQueryData<MessagesResponse>(chatKeys.messages(conversationId), (current) =>
        current ? mergeIntoThread(current, mine, hasEarlier) : current,
      );
    },
    [queryClient, conversationId],
  );

  /** Reads every message after `from` (a seq) in pages of 200 and merges them. */
  const readAfter = useCallback(
    async (from: number) => {
      let after = from;
      for (;;) {
        const page = await fetchMessages(conversationId, { after, limit: CHAT_PAGE_SIZE });
        merge(page.messages);
        const last = page.messages[page.messages.length - 1];
        if (!last || page.messages.length < CHAT_PAGE_SIZE) return;
        after = last.seq;
      }
    },
    [conversationId, merge],
  );

  const catchUp = useCallback((): Promise<void> => {
    if (catchingUp.current) {
      catchUpAgain.current = true;
      return catchingUp.current;
    }
    const run = async () => {
      do {
        catchUpAgain.current = false;
        const current = queryClient.getQueryData<MessagesResponse>(chatKeys.messages(conversationId));
        if (!current) return;
        await readAfter(lastSeq(current) ?? 0);
      } while (catchUpAgain.current);
    };
    catchingUp.current = run()
      .catch((error: unknown) => console.warn('The conversation could not catch up', error))
      .finally(() => {
        catchingUp.current = null;
      });
    return catchingUp.current;
  }, [queryClient, conversationId, readAfter]);

  // Realtime, the messages the outbox delivered, and the poll.
  useEffect(() => {
    const unsubscribe = subscribeRealtime((event) => {
      if (event.type === 'message') merge([event.message]);
      else if (event.type === 'message-ref' && event.conversationId === conversationId) void catchUp();
      else if (event.type === 'ready') {
        // A new socket knows nothing of this tab yet: it is told again which conversation is open.
        sendRealtime({ type: 'viewing', conversationId });
        void catchUp();
      }
    });
    const unsubscribeOutbox = subscribeOutboxSent((message) => {
      if (message.conversationId !== conversationId) return;
      merge([message]);
    });
    const poll = window.setInterval(() => void catchUp(), CHAT_POLL_MS);
    sendRealtime({ type: 'viewing', conversationId });
    // Opened again with messages still cached: what came while it was closed is read at once.
    void catchUp();
    return () => {
      unsubscribe();
      unsubscribeOutbox();
      window.clearInterval(poll);
      sendRealtime({ type: 'viewing', conversationId: null });
    };
  }, [conversationId, merge, catchUp]);

  // Signed URLs: every loaded message is read again shortly before the first URL still valid expires.
  const firstSeq = thread?.messages[0]?.seq ?? null;
  const nextExpiry = earliestExpiry(thread?.messages ?? [], Date.now());
  useEffect(() => {
    if (nextExpiry === null || firstSeq === null) return;
    const wait = Math.max(URL_REFRESH_MIN_MS, nextExpiry - URL_REFRESH_MARGIN_MS - Date.now());
    const timer = window.setTimeout(() => {
      readAfter(firstSeq - 1).catch((error: unknown) => console.warn('The attachment links could not be renewed', error));
    }, wait);
    return () => window.clearTimeout(timer);
  }, [nextExpiry, firstSeq, readAfter]);

  // Read marks: when shown, when a message arrives while it is visible, when the tab comes back.
  const newest = lastSeq(thread);
  const loaded = thread !== undefined;
  const lastMarkAt = useRef(0);
  const markTimer = useRef<number | null>(null);
  const sendReadMark = useCallback(() => {
    lastMarkAt.current = Date.now();
    markConversationRead(conversationId)
      .then(() => queryClient.invalidateQueries({ queryKey: chatKeys.conversations }))
      .catch((error: unknown) => console.warn('The conversation could not be marked read', error));
  }, [conversationId, queryClient]);
  const markRead = useCallback(() => {
    if (document.visibilityState === 'hidden' || markTimer.current !== null) return;
    const wait = Math.max(0, lastMarkAt.current + READ_THROTTLE_MS - Date.now());
    markTimer.current = window.setTimeout(() => {
      markTimer.current = null;
      sendReadMark();
    }, wait);
  }, [sendReadMark]);

  useEffect(() => {
    if (loaded) markRead();
  }, [loaded, newest, markRead]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState === 'visible') markRead();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      document.removeEventListener('visibilitychange', onVisible);
      // A read mark still waiting when the thread closes is sent now: what was shown was read.
      if (markTimer.current !== null) {
        window.clearTimeout(markTimer.current);
        markTimer.current = null;
        sendReadMark();
      }
    };
  }, [markRead, sendReadMark]);

  /** Reads the messages before the first one held and puts them in front. */
  const loadEarlier = useCallback(async () => {
    if (firstSeq === null) return;
    const page = await fetchMessages(conversationId, { before: firstSeq });
    merge(page.messages, page.hasEarlier);
  }, [conversationId, firstSeq, merge]);

  return { merge, catchUp, loadEarlier };
}

/** The earliest signed-URL expiry still ahead (ms), or null when no attachment has one. */
function earliestExpiry(messages: readonly ChatMessage[], now: number): number | null {
  let earliest: number | null = null;
  for (const message of messages) {
    for (const attachment of message.attachments) {
      const at = Date.parse(attachment.urlExpiresAt);
      if (Number.isFinite(at) && at > now && (earliest === null || at < earliest)) earliest = at;
    }
  }
  return earliest;
}
