import { messageResponseSchema, type ChatMessage } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';

// PUT /api/chat/conversations/:id/attachments?clientId=&fileName=&caption=: the file's bytes are the
// body (its own Content-Type); the answer is the message holding it.

export type AttachmentUpload = { clientId: string; fileName: string; caption?: string };

export function attachmentPath(conversationId: string, upload: AttachmentUpload): string {
  const query = new URLSearchParams({ clientId: upload.clientId, fileName: upload.fileName });
  if (upload.caption) query.set('caption', upload.caption);
  return `/api/chat/conversations/${encodeURIComponent(conversationId)}/attachments?${query.toString()}`;
}

export async function uploadAttachment(conversationId: string, file: Blob, upload: AttachmentUpload): Promise<ChatMessage> {
  const { message } = await api.put(attachmentPath(conversationId, upload), file, { schema: messageResponseSchema });
  return message;
}
