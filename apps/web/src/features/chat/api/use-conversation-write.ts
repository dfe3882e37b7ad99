import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Conversation } from '@ridgeline/shared/contracts/chat';
import { chatKeys } from './chat-keys';

/** A write that answers the conversation as it is now: its page is set from the answer and the list is read again (previews, order, badges). */
export function useConversationWrite<TInput>(mutationFn: (input: TInput) => Promise<Conversation>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (conversation) => {
      client.setQueryData(chatKeys.conversation(conversation.id), conversation);
      return client.invalidateQueries({ queryKey: chatKeys.conversations });
    },
  });
}
