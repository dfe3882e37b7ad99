import { MessageCircle } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState, useSyncExternalStore, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { useLocation } from 'react-router';
import { unreadBadge } from '@ridgeline/shared/domain/chat';
import { useSession } from '../../lib/session/session-provider';
import { startChatOutboxWhenIdle } from '../../offline/chat-outbox/boot';
import { useConversations } from './api/conversations';
import type { PinnedAssistant } from './pinned-assistant';
import { useChatRealtime } from './use-chat-realtime';
import { paths } from '../../lib/paths';

// The panel's code (list, dialogs, thread, composer) loads on the first open; the round button and
// its badge are all every page carries.
const ChatPanel = lazy(() => import('./chat-panel').then((m) => ({ default: m.ChatPanel })));

/** The full-page chat: the floating one steps aside there. */
export function isChatWidgetHidden(pathname: string): boolean {
  return pathname === paths.messages || pathname.startsWith(`${paths.messages}/`);
}

/** The button's accessible name: what it does and how many messages wait. */
export function chatButtonLabel(totalUnread: number): string {
  const badge = unreadBadge(totalUnread, 99);
  return badge ? `Open team chat, ${badge} unread` : 'Open team chat';
}

// Where the button sits. Below the large breakpoint (phones and tablets, where the navigation is a
// drawer and the page's header is its toolbar) it is one of the header's buttons, in the shell's
// dock (data-chat-dock): a floating button there lay over whatever scrolled beneath it (a Money
// amount, a form's field), so on those screens it floats over nothing. On a wide screen it floats
// bottom right, and never over a page's sticky action bar nor the photo
// upload panel: when one of them lies where the button would be, the button sits just above it
// (measured as they change: a phone stacks a bar's buttons, so its height is not known ahead). The
// signed-in shell leaves room below each page's content for it (data-chat-button), so the last
// controls of a page scroll clear of it too.
/** The gap kept between the button and the screen's foot or a bar below it (px). */
const BUTTON_GAP_PX = 16;
/** The button's size (size-14, px). */
const BUTTON_SIZE_PX = 56;
/** What the button keeps clear of. */
const BARS = '[data-sticky-actions], [data-upload-panel]';

/**
 * How far above the screen's foot the button sits: 16 px, or just above each bar (its top and bottom
 * in the viewport) that would lie under it there.
 */
export function buttonBottom(viewportHeight: number, bars: readonly { top: number; bottom: number }[]): number {
  let bottom = BUTTON_GAP_PX;
  for (let moved = true; moved;) {
    moved = false;
    const foot = viewportHeight - bottom;
    const top = foot - BUTTON_SIZE_PX;
    for (const bar of bars) {
      if (bar.top < foot && bar.bottom > top) {
        bottom = viewportHeight - bar.top + BUTTON_GAP_PX;
        moved = true;
      }
    }
  }
  return bottom;
}

/** The screens where the button is docked in the header rather than floating (below Tailwind's lg). */
export const DOCKED_QUERY = '(max-width: 1023.98px)';
/** The element of the shell's header the docked button goes into. */
export const CHAT_DOCK = '[data-chat-dock]';

const dockedQuery = () => (typeof window.matchMedia === 'function' ? window.matchMedia(DOCKED_QUERY) : null);
function subscribeDocked(onChange: () => void): () => void {
  const query = dockedQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
}
/** The header's dock when this screen docks the button (and the shell has one), else null: the button floats. */
function useDock(): Element | null {
  const docked = useSyncExternalStore(
    subscribeDocked,
    () => dockedQuery()?.matches ?? false,
    () => false,
  );
  return docked ? document.querySelector(CHAT_DOCK) : null;
}

/** The button's distance from the screen's foot, following the bars as the page scrolls, resizes and changes. */
function useClearOfBars(active: boolean): number {
  const [bottom, setBottom] = useState(BUTTON_GAP_PX);
  useEffect(() => {
    if (!active) return;
    let frame = 0;
    const measure = () => {
      frame = 0;
      const bars = [...document.querySelectorAll(BARS)].map((bar) => bar.getBoundingClientRect()).filter((r) => r.height > 0);
      setBottom(buttonBottom(window.innerHeight, bars));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(measure);
    };
    measure();
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
    };
  }, [active]);
  return bottom;
}

// The panel: 900 x 600 px at the bottom right on a desktop, the whole screen on a phone (600 px
// wide or less) and in fullscreen.
const PANEL_FLOATING =
  'right-4 bottom-4 h-[600px] max-h-[calc(100dvh-2rem)] w-[900px] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-300 max-[601px]:inset-0 max-[601px]:h-dvh max-[601px]:max-h-none max-[601px]:w-full max-[601px]:max-w-none max-[601px]:rounded-none max-[601px]:border-0';
const PANEL_FULLSCREEN = 'inset-0 h-dvh w-full';

/**
 * The floating team chat: closed (the round button with the unread badge, 99+ above 99), open (the
 * panel) or fullscreen. Escape closes it and focus goes back to the button. The list and badge stay
 * live through the realtime socket. The pinned Assistant (given by the app) opens inside the panel.
 */
export default function ChatWidget({ assistant }: { assistant: PinnedAssistant }) {
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
  const dock = useDock();
  const bottom = useClearOfBars(!open && !hidden && !dock);

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

  const badgeMark = badge && (
    <span
      aria-hidden="true"
      data-testid="chat-unread-badge"
      className="absolute -top-1 -right-1 inline-flex min-w-6 items-center justify-center rounded-full bg-red-700 px-1.5 py-0.5 text-xs font-bold text-white ring-2 ring-white"
    >
      {badge}
    </span>
  );
  const opens = {
    ref: buttonRef,
    type: 'button',
    'aria-label': chatButtonLabel(totalUnread),
    'aria-haspopup': 'dialog',
    onClick: () => setOpen(true),
  } as const;
  // Docked in the header (under 1024 px) it is 44 px across, the smallest target a thumb hits reliably.
  const button = dock ? (
    <button
      {...opens}
      data-chat-button="docked"
      className="relative inline-flex size-11 shrink-0 items-center justify-center rounded-full bg-blue-800 text-white hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <MessageCircle aria-hidden="true" className="size-5" />
      {badgeMark}
    </button>
  ) : (
    <button
      {...opens}
      data-chat-button="floating"
      style={{ bottom: `max(${bottom}px, env(safe-area-inset-bottom))` }}
      className="fixed right-4 z-30 inline-flex size-14 items-center justify-center rounded-full bg-blue-800 text-white shadow-lg hover:bg-blue-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600"
    >
      <MessageCircle aria-hidden="true" className="size-6" />
      {badgeMark}
    </button>
  );

  return (
    <>
      {!open && (dock ? createPortal(button, dock) : button)}
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
              assistant={assistant}
            />
          </Suspense>
        </div>
      )}
    </>
  );
}
