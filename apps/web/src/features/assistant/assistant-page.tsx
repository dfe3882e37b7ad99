import { questionSchema, type AskInput } from '@ridgeline/shared/contracts/assistant';
import { FileText, ListChecks, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import { PageHeader } from '../../components/page-header';
import { QueryThen } from '../../components/query-then';
import { SubmitButton } from '../../components/submit-button';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Form, FormCheckbox, FormField, useZodForm } from '../../components/ui/form';
import { useDocumentTitle } from '../../components/use-document-title';
import { useMe } from '../../lib/api/me';
import { handOffCoverLetter } from '../../lib/draft-handoff';
import { notify } from '../../lib/toast';
import { AnswerCard } from './answer-card';
import { useAskAssistant } from './api/ask';
import { useAssistantConversation } from './api/conversation';
import { AssistantSettingsCard } from './assistant-settings-card';

const composerSchema = z.object({ question: questionSchema, research: z.boolean() });

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
                <Link to={`/projects/${data.projectId}`} className="font-semibold text-blue-800 underline underline-offset-2">
                  {data.projectTitle}
                </Link>
              </p>
            )}
            {data.status.notice && (
              <Alert tone="info">
                {data.status.notice}. Answers quote the knowledge base and the claim file with their sources, without written-out prose.
              </Alert>
            )}
            <p className="text-xs text-slate-700">
              {data.status.answersToday} of {data.status.dailyLimit} answers used by your company today. Code rules follow the {data.status.codeEdition} IRC.
            </p>
            <Thread projectId={data.projectId} messages={data.messages} />
          </>
        )}
      </QueryThen>
      {isOwner && <AssistantSettingsCard />}
    </div>
  );
}

function Thread({ projectId, messages }: { projectId: string | null; messages: NonNullable<ReturnType<typeof useAssistantConversation>['data']>['messages'] }) {
  const { state, ask, stop } = useAskAssistant(projectId);
  const navigate = useNavigate();
  const end = useRef<HTMLDivElement>(null);
  const form = useZodForm(composerSchema, { defaultValues: { question: '', research: false } });
  // The newest turn in view (braces: scrollIntoView may return a promise, which is not an effect's cleanup).
  useEffect(() => {
    end.current?.scrollIntoView({ block: 'end' });
  }, [messages.length, state.text]);

  const send = async (input: AskInput) => {
    const saved = await ask(input);
    if (saved && input.task !== 'supplement_letter' && input.task !== 'claim_summary') form.reset({ question: '', research: form.getValues('research') });
  };
  const copyToCoverLetter = projectId
    ? (text: string) => {
        handOffCoverLetter(projectId, text);
        notify.success('Copied into the cover letter', 'Check it in the claim packet before you make the PDF.');
        void navigate(`/projects/${projectId}?tab=documents&packet=new`);
      }
    : null;

  return (
    <div className="flex flex-col gap-3">
      {messages.length === 0 && !state.streaming && (
        <CardDiv>
          <p className="text-sm text-slate-800">
            Ask about codes, manufacturer requirements or carrier practice{projectId ? ', or about this claim file' : ''}: "Is drip edge required at the eaves?", "Does a recover need a tear-off here?"
          </p>
        </CardDiv>
      )}
      <ol aria-label="Conversation with the assistant" className="flex flex-col gap-3">
        {messages.map((message) =>
          message.role === 'user' ? (
            <li key={message.id} className="self-end rounded-lg bg-blue-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 sm:max-w-[80%]">
              <span className="sr-only">You asked: </span>
              {message.content}
            </li>
          ) : (
            <li key={message.id}>
              <AnswerCard message={message} projectId={projectId} onCopyToCoverLetter={copyToCoverLetter} />
            </li>
          ),
        )}
        {state.question && (state.streaming || state.error) && (
          <li className="self-end rounded-lg bg-blue-50 px-3 py-2 text-sm break-words whitespace-pre-wrap text-slate-900 sm:max-w-[80%]">{state.question}</li>
        )}
        {state.streaming && (
          <li>
            <CardDiv aria-live="polite" aria-busy="true" className="flex flex-col gap-2">
              <p className="text-sm break-words whitespace-pre-wrap text-slate-900">{state.text || 'Looking through the knowledge base…'}</p>
              <Button size="sm" variant="secondary" className="w-fit" onClick={stop}>
                <Square aria-hidden="true" className="size-4" />
                Stop
              </Button>
            </CardDiv>
          </li>
        )}
      </ol>
      {state.error && <Alert>{state.error}</Alert>}
      <div ref={end} />
      {projectId && (
        <div className="flex flex-wrap gap-2">
          <Button variant="secondary" disabled={state.streaming} onClick={() => void send({ question: 'Draft the supplement letter', task: 'supplement_letter' })}>
            <FileText aria-hidden="true" className="size-4" />
            Draft supplement letter
          </Button>
          <Button variant="secondary" disabled={state.streaming} onClick={() => void send({ question: 'Summarize this claim file for the adjuster meeting', task: 'claim_summary' })}>
            <ListChecks aria-hidden="true" className="size-4" />
            Summarize for the adjuster
          </Button>
        </div>
      )}
      <CardDiv>
        <Form form={form} onSubmit={(values) => send({ question: values.question, research: values.research })} aria-label="Ask the assistant" className="gap-3">
          <FormField name="question" label={projectId ? 'Ask about this claim' : 'Ask the assistant'} control="textarea" rows={3} />
          <FormCheckbox name="research" label="Research mode: the knowledge base only (codes, manufacturers, carrier practice)" />
          <SubmitButton isSubmitting={state.streaming} busyText="Answering…" className="w-full sm:w-fit">
            Ask
          </SubmitButton>
        </Form>
      </CardDiv>
      <p className="text-xs text-slate-700">Check an answer against the adopted code book and the current manufacturer sheet before relying on it.</p>
    </div>
  );
}
