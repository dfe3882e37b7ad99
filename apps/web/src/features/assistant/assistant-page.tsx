import { Link, useSearchParams } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { useAssistantConversation } from './api/conversation';
import { AssistantSettingsCard } from './assistant-settings-card';
import { AssistantStatus, AssistantThread } from './assistant-thread';
import { paths } from '../../lib/paths';

/**
 * /assistant: the user's private conversation with the assistant; /assistant?claim=<id> the one about
 * that claim file (its records as context, remembered per claim file and user). Answers cite the
 * knowledge base and the claim file; Research mode asks the knowledge base alone.
 */
export default function AssistantPage() {
  const [params] = useSearchParams();
  const projectId = params.get('claim');
  useDocumentTitle('Assistant');
  const conversation = useAssistantConversation(projectId);
  const me = useMe();
  const isOwner = me.data?.company?.role === 'owner';

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-4">
      <PageHeader title="Assistant">
        Private to you. Answers cite the code, manufacturer and claims facts of the knowledge base{projectId ? ' and this claim file' : ''}.
      </PageHeader>
      <QueryThen query={conversation} loadingLabel="Loading the assistant" loadingClassName="h-40" failure="The assistant could not be opened">
        {(data) => (
          <>
            {data.projectId && (
              <p className="text-sm text-slate-800">
                About the claim file{' '}
                <Link to={paths.project(data.projectId)} className="font-semibold text-blue-800 underline underline-offset-2">
                  {data.projectTitle}
                </Link>
              </p>
            )}
            <AssistantStatus status={data.status} />
            <AssistantThread projectId={data.projectId} messages={data.messages} />
          </>
        )}
      </QueryThen>
      {isOwner && <AssistantSettingsCard />}
    </div>
  );
}
