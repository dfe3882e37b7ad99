import { Hono } from 'hono';
import { createMiddleware } from 'hono/factory';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { attachmentQuerySchema } from '@ridgeline/shared/contracts/chat';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { chatMessageLimit } from './chat-message-limit';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { keptUpload, readRawBody, type RawBodyLimit } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { attachmentLimitMessage, createChatAttachmentsService } from './chat-attachments.service';
import { createChatService } from './chat.service';

/**
 * Chat attachments: a raw upload (PUT, the body is the file) that becomes a message, and a fresh
 * signed URL to an attachment. An attachment is a message: it counts against the sender's message
 * ceiling per minute (CHAT_MESSAGE_LIMIT, shared with text messages), besides the server's write
 * ceiling per client.
 */
export function chatAttachmentRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const maxMb = deps.config.chat.attachmentMaxMb;
  const attachments = createChatAttachmentsService({
    chat: createChatService({ db: deps.database.db, storage: deps.storage, logger: deps.logger, events: deps.events }),
    storage: deps.storage,
    logger: deps.logger,
    maxMb,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const conversation = validate('param', uuidParamSchema);

  const messageLimit = chatMessageLimit(deps);

  // Membership is checked before a byte of the body is read: a non-member's upload is refused (404) unread.
  const member = createMiddleware<AppEnv>(async (c, next) => {
    await attachments.requireMember(c.get('actor'), c.get('tenant'), c.req.param('id') ?? '');
    return next();
  });
  // Larger than the limit: 413 naming it ('Files can be up to 25 MB.'); the rest of the body stays
  // unread, so the connection closes.
  const limit: RawBodyLimit = { maxBytes: maxMb * 1024 * 1024, message: attachmentLimitMessage(maxMb), quota: keptUpload(deps.uploadQuota) };

  app.put('/api/chat/conversations/:id/attachments', actor, tenant, conversation, validate('query', attachmentQuerySchema), member, messageLimit, async (c) => {
    const body = await readRawBody(c, limit);
    const { message, created } = await attachments.upload(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('query'), body);
    return c.json({ message }, created ? 201 : 200);
  });

  app.get('/api/chat/attachments/:id/url', actor, tenant, validate('param', uuidParamSchema), async (c) =>
    c.json(await attachments.signedUrl(c.get('actor'), c.get('tenant'), c.req.valid('param').id)),
  );

  return app;
}
