import { AppError } from '../../lib/app-error';

// Who may: every signed-in user keeps their own devices' subscriptions, whatever their role (an
// endpoint belongs to the first account that stored it: 409 for another); registering one takes a
// company. The send-chat-push answer (how many devices a message reaches) is given only to a member of
// the conversation: anyone else is told the conversation is not found.

export function assertMayPushTo(conversation: { isMember: boolean }): void {
  if (!conversation.isMember) throw AppError.notFound('Conversation not found');
}
