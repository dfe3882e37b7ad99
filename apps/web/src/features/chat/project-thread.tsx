import { errorText } from '../../lib/error-text';
import { useProjectConversation } from './api/project-conversation';
import { ConversationThread } from './thread/conversation-thread';

/**
 * A claim file's Messages tab: its `project:{projectId}` conversation, created the first time
 * anyone opens it, with whoever opens it joined as a member; then the same thread and composer as
 * every conversation.
 */
export function ProjectThread({ projectId }: { projectId: string }) {
  const thread = useProjectConversation(projectId);
  if (thread.isPending) {
    return (
      <p role="status" className="text-sm text-slate-700">
        Loading messages…
      </p>
    );
  }
  if (thread.isError) {
    return (
      <p role="alert" className="text-sm text-red-800">
        {errorText(thread.error)}
      </p>
    );
  }
  return (
    <section
      aria-label="Claim file messages"
      className="flex h-[min(70dvh,40rem)] min-h-96 flex-col overflow-hidden rounded-lg border border-slate-200 bg-white"
    >
      <ConversationThread conversationId={thread.data.id} />
    </section>
  );
}
