import { attachmentUrlResponseSchema } from '@ridgeline/shared/contracts/chat';
import { api } from '../../../lib/api-client';

// GET /api/chat/attachments/:id/url: a fresh signed URL for one attachment (members only).

export function fetchAttachmentUrl(attachmentId: string) {
  return api.get(`/api/chat/attachments/${encodeURIComponent(attachmentId)}/url`, { schema: attachmentUrlResponseSchema, urgent: true });
}
