import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { askDoneSchema, type AskInput, type AssistantConversation } from '@ridgeline/shared/contracts/assistant';
import { ApiError, api } from '../../../lib/api-client';
import { errorText } from '../../../lib/error-text';
import { assistantConversationKey } from './keys';

export type AskState = { streaming: boolean; question: string | null; text: string; error: string | null };

/**
 * POST /api/assistant/ask: the answer arrives as server-sent events (tokens, then the saved question
 * and answer, or an error). The tokens show as they come; Stop closes the request, which stops the
 * provider and saves nothing; once done the thread is updated with what the server saved.
 */
export function useAskAssistant(projectId: string | null) {
  const client = useQueryClient();
  const [state, setState] = useState<AskState>({ streaming: false, question: null, text: '', error: null });
  const controller = useRef<AbortController | null>(null);

  async function ask(input: AskInput): Promise<boolean> {
    controller.current?.abort();
    const stop = new AbortController();
    controller.current = stop;
    setState({ streaming: true, question: input.question, text: '', error: null });
    let failure: string | null = null;
    let saved = false;
    try {
      await api.stream(
        '/api/assistant/ask',
        { ...input, projectId },
        {
          signal: stop.signal,
          onEvent: ({ event, data }) => {
            if (event === 'token') setState((s) => ({ ...s, text: s.text + String((data as { text?: unknown }).text ?? '') }));
            if (event === 'error') failure = (data as { error?: { message?: string } }).error?.message ?? 'The answer failed.';
            if (event === 'done') {
              const done = askDoneSchema.parse(data);
              saved = true;
              client.setQueryData<AssistantConversation>(assistantConversationKey(projectId), (old) =>
                old
                  ? { ...old, messages: [...old.messages, done.question, done.answer], status: { ...old.status, answersToday: old.status.answersToday + 1 } }
                  : old,
              );
            }
          },
        },
      );
    } catch (error) {
      if (stop.signal.aborted) {
        setState({ streaming: false, question: null, text: '', error: null });
        return false;
      }
      failure = error instanceof ApiError ? errorText(error) : 'The answer could not be read. Ask again.';
    }
    if (controller.current === stop) controller.current = null;
    if (!saved && !failure) failure = 'The answer was cut off before it was complete. Nothing was saved; ask again.';
    setState({ streaming: false, question: saved ? null : input.question, text: '', error: failure });
    return saved;
  }

  function stop() {
    controller.current?.abort();
    controller.current = null;
  }

  return { state, ask, stop };
}
