import { api } from '../../../../lib/api-client';

// POST /api/functions/send-chat-push: after a message is sent, the other members' devices are told
// (the server queues it and takes the sender from the session). Fire and forget: a failed push never
// fails the message, it is only a warning in the console.

export function sendChatPush(conversationId: string, preview: string): void {
  api.post('/api/functions/send-chat-push', { conversation_id: conversationId, preview: preview.slice(0, 200) }).catch((error: unknown) => {
    console.warn('The push notification could not be sent.', error);
  });
}
