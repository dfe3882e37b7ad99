import { questionSchema, type AskInput, type AssistantConversation } from '@ridgeline/shared/contracts/assistant';
import { FileText, ListChecks, Square } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { SubmitButton } from '../../components/submit-button';
import { Alert } from '../../components/ui/alert';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Form, FormCheckbox, FormField, useZodForm } from '../../components/ui/form';
import { handOffChatDraft, handOffCoverLetter } from '../../lib/draft-handoff';
import { useSession } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { AnswerCard } from './answer-card';
import { useAskAssistant } from './api/ask';
import { paths } from '../../lib/paths';

// The user's thread with the assistant: on /assistant, and in the team chat's pinned Assistant (the
// floating panel and /messages), which the app composes from this feature's pinned-assistant-thread.

const composerSchema = z.object({ question: questionSchema, research: z.boolean() });

/** Which mode answers (the built-in notice) and the company's use of the daily limit. */
export function AssistantStatus({ status }: { status: AssistantConversation['status'] }) {
  return (
    <>
      {status.notice && (
        <Alert tone="info">{status.notice}. Answers quote the knowledge base and the claim file with their sources, without written-out prose.</Alert>
      )}
      <p className="text-xs text-slate-700">
        {status.answersToday} of {status.dailyLimit} answers used by your company today. Code rules follow the {status.codeEdition} IRC.
      </p>
    </>
  );
}

type ThreadProps = {
  projectId: string | null;
  messages: AssistantConversation['messages'];
  /**
   * Where the user goes once an answer is copied into a chat message: by default /messages, to choose
   * the conversation; the chat's pinned Assistant shows its own list instead.
   */
  onChatDraft?: () => void;
};

/** The questions and answers, streamed with Stop; each answer with its sources, rating and copies. */
export function AssistantThread({ projectId, messages, onChatDraft }: ThreadProps) {
  const { state, ask, stop } = useAskAssistant(projectId);
  const navigate = useNavigate();
  const userId = useSession().user?.id ?? null;
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
        void navigate(paths.project(projectId, { tab: 'documents', packet: 'new' }));
      }
    : null;
  const copyToChat = (text: string) => {
    if (!userId) return;
    handOffChatDraft({ text, projectId, userId });
    notify.success('Copied into a chat message', 'Choose the conversation: the draft waits in its message box, not sent.');
    if (onChatDraft) onChatDraft();
    else void navigate(paths.messages);
  };

  return (
    <div className="flex flex-col gap-3">
      {messages.length === 0 && !state.streaming && (
        <CardDiv>
          <p className="text-sm text-slate-800">
            Ask about codes, manufacturer requirements or carrier practice{projectId ? ', or about this claim file' : ''}: "Is drip edge required at the
            eaves?", "Does a recover need a tear-off here?"
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
              <AnswerCard message={message} projectId={projectId} onCopyToCoverLetter={copyToCoverLetter} onCopyToChat={copyToChat} />
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
          <Button
            variant="secondary"
            disabled={state.streaming}
            onClick={() => void send({ question: 'Draft the supplement letter', task: 'supplement_letter' })}
          >
            <FileText aria-hidden="true" className="size-4" />
            Draft supplement letter
          </Button>
          <Button
            variant="secondary"
            disabled={state.streaming}
            onClick={() => void send({ question: 'Summarize this claim file for the adjuster meeting', task: 'claim_summary' })}
          >
            <ListChecks aria-hidden="true" className="size-4" />
            Summarize for the adjuster
          </Button>
        </div>
      )}
      <CardDiv>
        <Form
          form={form}
          onSubmit={(values) => send({ question: values.question, research: values.research })}
          aria-label="Ask the assistant"
          className="gap-3"
        >
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
