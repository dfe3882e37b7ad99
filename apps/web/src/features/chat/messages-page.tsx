import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../components/use-document-title';
import { ChatPanel } from './chat-panel';
import type { PinnedAssistant } from './pinned-assistant';
import { useSubscribeFromQuery } from './push/use-subscribe-from-query';
import { useChatRealtime } from './use-chat-realtime';

/**
 * /messages: the full-page view of the team chat, the same panel at the page's full height. The
 * open conversation is `?conversation=<id>` (the inbox's and push notifications' links open one;
 * `?conversation=assistant` the pinned Assistant, which the app gives).
 */
export default function MessagesPage({ assistant }: { assistant: PinnedAssistant }) {
  useDocumentTitle('Messages');
  useChatRealtime();
  useSubscribeFromQuery();
  const [params, setParams] = useSearchParams();
  const conversationId = params.get('conversation');

  const select = (id: string | null) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (id === null) next.delete('conversation');
        else next.set('conversation', id);
        return next;
      },
      { replace: conversationId !== null && id !== null },
    );

  return (
    <div className="-mx-4 -my-6 h-[calc(100dvh-3.6rem)] min-h-[28rem] border-slate-200 sm:mx-0 sm:my-0 sm:h-[calc(100dvh-7rem)] sm:overflow-hidden sm:rounded-lg sm:border">
      <ChatPanel conversationId={conversationId} onSelect={select} headingLevel="h1" headingId="messages-title" defaultTitle="Messages" assistant={assistant} />
    </div>
  );
}
