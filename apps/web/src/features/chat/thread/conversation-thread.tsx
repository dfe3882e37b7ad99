import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { ChatMessage } from '@ridgeline/shared/contracts/chat';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Skeleton } from '../../../components/ui/skeleton';
import { errorText } from '../../../lib/error-text';
import { useSession } from '../../../lib/session/session-provider';
import { notify } from '../../../lib/toast';
import { useChatOutbox, usePendingMessages } from '../../../offline/chat-outbox';
import { useColleagues } from '../api/colleagues';
import { useMessages } from '../api/messages';
import { Composer } from './composer';
import { mentionLabel } from './mentions';
import { MessageList } from './message-list';
import { useThreadSync } from './use-thread-sync';

// One conversation: its messages (the latest 200, earlier ones on request), kept current in real
// time, and the composer fixed at the foot. The chat panel, /messages and a claim file's Messages
// tab all show it.

/** How close to the foot (px) the list must be for a new message to scroll it into view. */
const FOLLOW_MARGIN_PX = 120;

export function ConversationThread({ conversationId }: { conversationId: string }) {
  const { user } = useSession();
  const myId = user?.id ?? null;
  const messages = useMessages(conversationId);
  const colleagues = useColleagues();
  const waiting = usePendingMessages(myId, conversationId);
  const { merge, loadEarlier } = useThreadSync(conversationId, messages.data);
  const [loadingEarlier, setLoadingEarlier] = useState(false);
  useChatOutbox(myId);

  const mentionLabels = useMemo(() => {
    const labels = new Map<string, string>();
    for (const person of colleagues.data ?? []) labels.set(person.id, mentionLabel(person));
    if (user) labels.set(user.id, mentionLabel({ firstName: user.firstName ?? '', lastName: user.lastName ?? '', name: user.name }));
    return labels;
  }, [colleagues.data, user]);

  // The other members' push follows on the server once the message is stored: nothing more to send from here.
  const onSent = useCallback((message: ChatMessage) => merge([message]), [merge]);

  const onLoadEarlier = () => {
    setLoadingEarlier(true);
    loadEarlier()
      .catch((error: unknown) => notify.error('Could not load earlier messages', errorText(error)))
      .finally(() => setLoadingEarlier(false));
  };

  // Scrolling: to the foot at first and when a message arrives while the reader is near the foot;
  // earlier messages put in front keep what the reader was looking at in place.
  const scroller = useRef<HTMLDivElement | null>(null);
  const seen = useRef<{ first: string | null; last: string | null; height: number }>({ first: null, last: null, height: 0 });
  const list = messages.data?.messages ?? [];
  // A message the server stored is shown once: its pending copy goes as soon as the stored one is in the list.
  const stored = new Set(list.map((message) => message.clientId));
  const pending = waiting.filter((message) => !stored.has(message.clientId));
  const firstId = list[0]?.id ?? null;
  const lastId = pending.length > 0 ? (pending[pending.length - 1]?.clientId ?? null) : (list[list.length - 1]?.id ?? null);
  useLayoutEffect(() => {
    const node = scroller.current;
    if (!node) return;
    const before = seen.current;
    const nearFoot = before.height - node.scrollTop - node.clientHeight < FOLLOW_MARGIN_PX;
    if (before.last === null || (lastId !== before.last && nearFoot)) node.scrollTop = node.scrollHeight;
    else if (firstId !== before.first && lastId === before.last) node.scrollTop += node.scrollHeight - before.height;
    seen.current = { first: firstId, last: lastId, height: node.scrollHeight };
  }, [firstId, lastId]);

  return (
    <section className="flex h-full min-h-0 flex-col bg-white" aria-label="Conversation">
      <div ref={scroller} className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
        {messages.isPending ? (
          <div className="flex flex-col gap-3" aria-busy="true" aria-label="Loading messages">
            <Skeleton className="h-12 w-2/3" />
            <Skeleton className="ml-auto h-12 w-1/2" />
            <Skeleton className="h-12 w-3/5" />
          </div>
        ) : messages.isError ? (
          <Alert>{errorText(messages.error)}</Alert>
        ) : (
          <>
            {messages.data.hasEarlier && (
              <div className="mb-3 flex justify-center">
                <Button variant="secondary" onClick={onLoadEarlier} disabled={loadingEarlier}>
                  Load earlier messages
                </Button>
              </div>
            )}
            {list.length === 0 && pending.length === 0 ? (
              <p className="py-8 text-center text-base text-slate-600">No messages yet. Say hello.</p>
            ) : (
              <MessageList messages={list} pending={pending} myId={myId} mentionLabels={mentionLabels} />
            )}
          </>
        )}
      </div>
      <Composer conversationId={conversationId} userId={myId} colleagues={colleagues.data ?? []} onSent={onSent} />
    </section>
  );
}
