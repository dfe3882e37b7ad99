import { QueryThen } from '../../components/query-then';
import { useAssistantConversation } from './api/conversation';
import { AssistantStatus, AssistantThread } from './assistant-thread';

/**
 * The pinned Assistant of the team chat (the floating panel and /messages): the user's general thread,
 * the same one /assistant shows, scrolling inside the chat's thread area.
 */
export default function PinnedAssistantThread({ onChatDraft }: { onChatDraft: () => void }) {
  const conversation = useAssistantConversation(null);
  return (
    <div className="min-h-0 flex-1 overflow-y-auto px-3 py-3">
      <QueryThen query={conversation} loadingLabel="Loading the assistant" loadingClassName="h-40" failure="The assistant could not be opened">
        {(data) => (
          <div className="flex flex-col gap-3">
            <p className="text-sm text-slate-800">Private to you. Answers cite the code, manufacturer and claims facts of the knowledge base.</p>
            <AssistantStatus status={data.status} />
            <AssistantThread projectId={null} messages={data.messages} onChatDraft={onChatDraft} />
          </div>
        )}
      </QueryThen>
    </div>
  );
}
