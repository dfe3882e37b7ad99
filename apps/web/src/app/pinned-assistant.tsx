import { lazy, Suspense } from 'react';
import type { PinnedAssistant } from '../features/chat/pinned-assistant';

// The team chat's pinned Assistant (the floating panel and /messages) is the assistant feature's
// thread, composed here because web features do not import each other. Its code loads when it opens.
const PinnedAssistantThread = lazy(() => import('../features/assistant/pinned-assistant-thread'));

export const ChatAssistant: PinnedAssistant = ({ onChatDraft }) => (
  <Suspense
    fallback={
      <p role="status" className="p-4 text-sm text-slate-700">
        Loading the assistant…
      </p>
    }
  >
    <PinnedAssistantThread onChatDraft={onChatDraft} />
  </Suspense>
);
