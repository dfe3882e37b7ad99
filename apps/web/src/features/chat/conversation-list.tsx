import { MessageSquarePlus, Sparkles } from 'lucide-react';
import { unreadBadge } from '@ridgeline/shared/domain/chat';
import type { Conversation } from '@ridgeline/shared/contracts/chat';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { Skeleton } from '../../components/ui/skeleton';
import { cn } from '../../lib/cn';
import { discardChatDraft, useWaitingChatDraft } from '../../lib/draft-handoff';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session/session-provider';
import { useConversations } from './api/conversations';
import { shortTime } from './chat-time';
import { ASSISTANT_CONVERSATION_ID } from './pinned-assistant';

export const NO_CONVERSATIONS_TEXT = 'No conversations yet. Start one with a colleague.';

type ConversationListProps = {
  selectedId: string | null;
  onSelect: (id: string) => void;
  onNew: () => void;
  /** Opens a claim file's own conversation (its Messages tab), for a draft written about that claim file. */
  onClaimConversation: (projectId: string) => void;
};

export const CHAT_DRAFT_WAITING_TEXT = "Choose the conversation for the assistant's draft. It goes into the message box, not sent.";

/**
 * The conversations as the server lists them (newest last message first; claim-file threads and
 * archived ones are already left out): the title (the colleague's name for a direct message), the
 * last message's 30-character preview, its time and the unread count (9+ above 9).
 */
export function ConversationList({ selectedId, onSelect, onNew, onClaimConversation }: ConversationListProps) {
  const conversations = useConversations();
  const draft = useWaitingChatDraft(useSession().user?.id ?? null);
  const draftClaimId = draft?.projectId ?? null;
  const assistantSelected = selectedId === ASSISTANT_CONVERSATION_ID;
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {/* The assistant, pinned above the team's conversations: a conversation private to the user. */}
      <button
        type="button"
        aria-current={assistantSelected ? 'true' : undefined}
        onClick={() => onSelect(ASSISTANT_CONVERSATION_ID)}
        className={cn(
          'flex min-h-14 w-full items-center gap-2 border-b border-slate-200 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
          assistantSelected && 'bg-blue-50 hover:bg-blue-50',
        )}
      >
        <Sparkles aria-hidden="true" className="size-4 shrink-0 text-blue-800" />
        <span className="flex min-w-0 flex-col">
          <span className="text-sm font-semibold text-slate-900">Assistant</span>
          <span className="text-xs text-slate-700">Private to you: code, manufacturer and claim answers</span>
        </span>
      </button>
      {/* An answer copied into a chat message waits for the conversation it is for (lib/draft-handoff.ts). */}
      {draft && (
        <div role="status" aria-label="Draft waiting" className="flex flex-col gap-2 border-b border-amber-200 bg-amber-50 p-3">
          <p className="text-sm text-amber-950">{CHAT_DRAFT_WAITING_TEXT}</p>
          <div className="flex flex-wrap gap-2">
            {draftClaimId && (
              <Button size="sm" onClick={() => onClaimConversation(draftClaimId)}>
                The claim file's conversation
              </Button>
            )}
            <Button size="sm" variant="secondary" onClick={discardChatDraft}>
              Discard the draft
            </Button>
          </div>
        </div>
      )}
      <div className="border-b border-slate-200 p-2">
        <Button variant="secondary" className="w-full" onClick={onNew}>
          <MessageSquarePlus aria-hidden="true" className="size-4" />
          New conversation
        </Button>
      </div>
      <div className="min-h-0 flex-1 overflow-y-auto">
        {conversations.isPending ? (
          <div role="status" aria-label="Loading conversations" className="flex flex-col gap-2 p-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        ) : conversations.isError ? (
          <p role="alert" className="p-3 text-sm text-red-800">
            {errorText(conversations.error)}
          </p>
        ) : conversations.data.conversations.length === 0 ? (
          <EmptyState className="m-2">{NO_CONVERSATIONS_TEXT}</EmptyState>
        ) : (
          <ul aria-label="Conversations" className="flex flex-col">
            {conversations.data.conversations.map((conversation) => (
              <li key={conversation.id}>
                <ConversationRow conversation={conversation} selected={conversation.id === selectedId} onSelect={onSelect} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}

function ConversationRow({ conversation, selected, onSelect }: { conversation: Conversation; selected: boolean; onSelect: (id: string) => void }) {
  const badge = unreadBadge(conversation.unreadCount, 9);
  const at = conversation.lastMessageAt ?? conversation.createdAt;
  return (
    <button
      type="button"
      aria-current={selected ? 'true' : undefined}
      onClick={() => onSelect(conversation.id)}
      className={cn(
        'flex min-h-14 w-full flex-col gap-0.5 border-b border-slate-100 px-3 py-2 text-left hover:bg-slate-50 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-blue-600',
        selected && 'bg-blue-50 hover:bg-blue-50',
      )}
    >
      <span className="flex w-full items-center gap-2">
        <span className={cn('min-w-0 flex-1 truncate text-sm text-slate-900', badge ? 'font-bold' : 'font-semibold')}>{conversation.title}</span>
        <time dateTime={at} className="shrink-0 text-xs text-slate-700">
          {shortTime(at)}
        </time>
      </span>
      <span className="flex w-full items-center gap-2">
        <span className="min-w-0 flex-1 truncate text-sm text-slate-700">{conversation.lastMessagePreview || 'No messages yet'}</span>
        {badge && (
          <span
            data-testid="conversation-unread"
            className="inline-flex min-w-6 shrink-0 items-center justify-center rounded-full bg-blue-800 px-1.5 text-xs font-bold text-white"
          >
            {badge}
            <span className="sr-only"> unread</span>
          </span>
        )}
      </span>
    </button>
  );
}
