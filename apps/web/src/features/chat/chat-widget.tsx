import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { unreadBadge } from '@ridgeline/shared/domain/chat';
import { useSession } from '../../lib/session/session-provider';
import { startChatOutboxWhenIdle } from '../../offline/chat-outbox/boot';
import { useConversations } from './api/conversations';
import { useChatRealtime } from './use-chat-realtime';

// The panel's code (list, dialogs, thread, composer) loads on the first open; the round button and
// its badge are all every page carries.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The full-page chat: the floating one steps aside there. */
export function isChatWidgetHidden(pathname: string): boolean {
  return pathname === '/messages' || pathname.startsWith('/messages/');
}

/** The button's accessible name: what it does and how many messages wait. */
export function chatButtonLabel(totalUnread: number): string {
  const badge = unreadBadge(totalUnread, 99);
  return badge ? `Open team chat, ${badge} unread` : 'Open team chat';
}

// Where the button sits: bottom right, raised above a page's sticky action bar (a taller one on a
// phone, where its buttons stack) and above the photo upload panel when that shows.
const BUTTON_PLACE =
  'right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] [body:has([data-sticky-actions])_&]:bottom-28 max-[601px]:[body:has([data-sticky-actions])_&]:bottom-40 [body:has([data-upload-panel])_&]:bottom-72';

// The panel: 900 x 600 px at the bottom right on a desktop, the whole screen on a phone (600 px
// wide or less) and in fullscreen.
const PANEL_FLOATING =
  'right-4 bottom-4 h-[600px] max-h-[calc(100dvh-2rem)] w-[900px] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-300 max-[601px]:inset-0 max-[601px]:h-dvh max-[601px]:max-h-none max-[601px]:w-full max-[601px]:max-w-none max-[601px]:rounded-none max-[601px]:border-0';
const PANEL_FULLSCREEN = 'inset-0 h-dvh w-full';

/**
 * The floating team chat: closed (the round button with the unread badge, 99+ above 99), open (the
 * panel) or fullscreen. Escape closes it and focus goes back to the button. The list and badge stay
 * live through the realtime socket.
 */
export default function ChatWidget() {
  const { pathname } = useLocation();
  const hidden = isChatWidgetHidden(pathname);
  useChatRealtime(!hidden);
  // Messages written offline leave from whatever page the user is on once the network is back.
  const userId = useSession().user?.id;
  useEffect(() => (userId ? startChatOutboxWhenIdle(userId) : undefined), [userId]);
  const conversations = useConversations();
  const [open, setOpen] = useState(false);
  const [fullscreen, setFullscreen] = useState(false);
  const [conversationId, setConversationId] = useState<string | null>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const wasOpen = useRef(false);

  // Focus moves into the panel when it opens and back to the button when it closes.
  useEffect(() => {
    if (open) panelRef.current?.focus();
    else if (wasOpen.current) buttonRef.current?.focus();
    wasOpen.current = open;
  }, [open]);

  if (hidden) return null;

  const totalUnread = conversations.data?.totalUnread ?? 0;
  const badge = unreadBadge(totalUnread, 99);

  const close = () => {
    setOpen(false);
    setFullscreen(false);
  };
  // Escape pressed in the panel closes it; one pressed in a dialog opened from it (rendered
  // elsewhere in the page) belongs to that dialog.
  const closeOnEscape = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Escape' || event.defaultPrevented) return;
    if (!(event.target instanceof Node) || !panelRef.current?.contains(event.target)) return;
    event.preventDefault();
    close();
  };

  return (
    <>
      {!open && (
        <button
          ref={buttonRef}
          type="button"
          aria-label={chatButtonLabel(totalUnread)}
          aria-haspopup="dialog"
          onClick={() => setOpen(true)}
          className={`fixed z-30 inline-flex size-14 items-center justify-center rounded-full bg-blue-800 text-white shadow-lg hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 ${BUTTON_PLACE}`}
        >
          <MessageCircle aria-hidden="true" className="size-6" />
          {badge && (
            <span
              aria-hidden="true"
              data-testid="chat-unread-badge"
              className="absolute -top-1 -right-1 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white ring-2 ring-white"
            >
              {badge}
            </span>
          )}
        </button>
      )}
      {open && (
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="false"
          aria-labelledby="chat-panel-title"
          tabIndex={-1}
          onKeyDown={closeOnEscape}
          className={`fixed z-[35] flex flex-col overflow-hidden bg-white shadow-2xl outline-none ${fullscreen ? PANEL_FULLSCREEN : PANEL_FLOATING}`}
        >
          <Suspense
            fallback={
              <p role="status" className="p-4 text-sm text-slate-700">
                Loading chat…
              </p>
            }
          >
            <ChatPanel
              conversationId={conversationId}
              onSelect={setConversationId}
              headingLevel="h2"
              headingId="chat-panel-title"
              defaultTitle="Team chat"
              fullscreen={{ on: fullscreen, toggle: () => setFullscreen((on) => !on) }}
              onClose={close}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
