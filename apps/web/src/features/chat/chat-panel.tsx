import { Archive, ArrowLeft, Maximize2, Minimize2, Users, X } from 'lucide-react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { cn } from '../../lib/cn';
import { useConversation } from './api/conversation';
import { ArchiveDialog } from './archive-dialog';
import { ConversationList } from './conversation-list';
import { MembersDialog } from './members-dialog';
import { NewConversationDialog } from './new-conversation-dialog';
import { ASSISTANT_CONVERSATION_ID, type PinnedAssistant } from './pinned-assistant';
import { PushToggle } from './push/push-toggle';
import { ConversationThread } from './thread/conversation-thread';
import { paths } from '../../lib/paths';

export const CHOOSE_CONVERSATION_TEXT = 'Choose a conversation, or start a new one.';

type ChatPanelProps = {
  /** The open conversation, or none (the list alone on a phone). */
  conversationId: string | null;
  onSelect: (conversationId: string | null) => void;
  /** The heading: the widget's panel is an h2 under the page's h1; /messages is the page's h1. */
  headingLevel: 'h1' | 'h2';
  headingId: string;
  /** The heading while no conversation is open. */
  defaultTitle: string;
  /** The floating panel's fullscreen toggle and close button; /messages has neither. */
  fullscreen?: { on: boolean; toggle: () => void };
  onClose?: () => void;
  /** The user's assistant thread, pinned above the team's conversations (given by the app). */
  assistant: PinnedAssistant;
};

const HEADER_BUTTON = 'size-11 shrink-0';

/**
 * The chat itself, in the floating panel and on /messages: the conversation list on the left and the
 * open conversation's thread on the right, under a header with the title, members, archive and the
 * push switch. On a phone (600 px wide or less) it is the list, then the thread with a back button.
 */
export function ChatPanel({
  conversationId,
  onSelect,
  headingLevel: Heading,
  headingId,
  defaultTitle,
  fullscreen,
  onClose,
  assistant: Assistant,
}: ChatPanelProps) {
  const assistantOpen = conversationId === ASSISTANT_CONVERSATION_ID;
  const teamConversationId = assistantOpen ? null : conversationId;
  const conversation = useConversation(teamConversationId);
  const navigate = useNavigate();
  const [newOpen, setNewOpen] = useState(false);
  const [membersOpen, setMembersOpen] = useState(false);
  const [archiveOpen, setArchiveOpen] = useState(false);
  const open = teamConversationId !== null ? conversation.data : undefined;
  const title = assistantOpen ? 'Assistant' : open ? open.title : teamConversationId !== null && conversation.isPending ? 'Loading…' : defaultTitle;
  // A draft for the claim file's conversation: its Messages tab, where that conversation's composer takes it.
  const openClaimConversation = (projectId: string) => {
    onClose?.();
    void navigate(paths.project(projectId, { tab: 'messages' }));
  };

  return (
    <div className="flex h-full min-h-0 flex-col bg-white">
      <div className="flex min-h-14 items-center gap-1 border-b border-slate-200 px-2 py-1">
        {conversationId !== null && (
          <Button variant="ghost" size="icon" className={cn(HEADER_BUTTON, 'min-[601px]:hidden')} onClick={() => onSelect(null)}>
            <ArrowLeft aria-hidden="true" className="size-5" />
            <span className="sr-only">Back to conversations</span>
          </Button>
        )}
        <Heading id={headingId} className="min-w-0 flex-1 truncate px-1 text-base font-bold text-slate-900">
          {title}
        </Heading>
        {open && (
          <>
            <Button variant="ghost" size="icon" className={HEADER_BUTTON} onClick={() => setMembersOpen(true)}>
              <Users aria-hidden="true" className="size-5" />
              <span className="sr-only">Members of {open.title}</span>
            </Button>
            {!open.archived && open.projectId === null && (
              <Button variant="ghost" size="icon" className={HEADER_BUTTON} onClick={() => setArchiveOpen(true)}>
                <Archive aria-hidden="true" className="size-5" />
                <span className="sr-only">Archive {open.title}</span>
              </Button>
            )}
          </>
        )}
        {/* This device's chat push notifications; on a phone only its bell shows (its words stay its name). */}
        <PushToggle className="shrink-0 max-[601px]:size-11 max-[601px]:gap-0 max-[601px]:p-0 max-[601px]:text-[0px]" />
        {fullscreen && (
          <Button variant="ghost" size="icon" className={cn(HEADER_BUTTON, 'max-[601px]:hidden')} aria-pressed={fullscreen.on} onClick={fullscreen.toggle}>
            {fullscreen.on ? <Minimize2 aria-hidden="true" className="size-5" /> : <Maximize2 aria-hidden="true" className="size-5" />}
            <span className="sr-only">Fullscreen chat</span>
          </Button>
        )}
        {onClose && (
          <Button variant="ghost" size="icon" className={HEADER_BUTTON} onClick={onClose}>
            <X aria-hidden="true" className="size-5" />
            <span className="sr-only">Close team chat</span>
          </Button>
        )}
      </div>
      <div className="flex min-h-0 flex-1">
        <nav
          aria-label="Chat conversations"
          className={cn(
            'flex min-h-0 w-full flex-col border-slate-200 min-[601px]:w-72 min-[601px]:shrink-0 min-[601px]:border-r',
            conversationId !== null && 'max-[601px]:hidden',
          )}
        >
          <ConversationList selectedId={conversationId} onSelect={onSelect} onNew={() => setNewOpen(true)} onClaimConversation={openClaimConversation} />
        </nav>
        <section aria-labelledby={headingId} className={cn('flex min-h-0 min-w-0 flex-1 flex-col', conversationId === null && 'max-[601px]:hidden')}>
          {assistantOpen ? (
            <Assistant onChatDraft={() => onSelect(null)} />
          ) : conversationId !== null ? (
            <ConversationThread key={conversationId} conversationId={conversationId} />
          ) : (
            <EmptyState className="m-4">{CHOOSE_CONVERSATION_TEXT}</EmptyState>
          )}
        </section>
      </div>
      <NewConversationDialog open={newOpen} onOpenChange={setNewOpen} onCreated={onSelect} />
      {open && <MembersDialog open={membersOpen} onOpenChange={setMembersOpen} conversation={open} />}
      {open && <ArchiveDialog open={archiveOpen} onOpenChange={setArchiveOpen} conversation={open} onArchived={() => onSelect(null)} />}
    </div>
  );
}
