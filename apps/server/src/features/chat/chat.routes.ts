import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  addMemberSchema,
  createConversationSchema,
  memberParamSchema,
  messagesQuerySchema,
  projectParamSchema,
  sendMessageSchema,
  syncQuerySchema,
} from '@ridgeline/shared/contracts/chat';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { chatMessageLimit } from './chat-message-limit';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { createChatService } from './chat.service';

/**
 * Team chat: colleagues, conversations (direct messages, groups, claim-file threads), members,
 * archive and restore, messages (a page, load earlier, catch-up), sending, reading, and the
 * catch-up of every conversation after a dropped socket. Members only: anyone else gets 404.
 */
export function chatRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const chat = createChatService({ db: deps.database.db, storage: deps.storage, logger: deps.logger, events: deps.events });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const id = validate('param', uuidParamSchema);
  const messageLimit = chatMessageLimit(deps);

  app.get('/api/chat/colleagues', actor, tenant, async (c) => c.json(await chat.colleagues(c.get('actor'), c.get('tenant'))));

  app.get('/api/chat/conversations', actor, tenant, async (c) => c.json(await chat.listConversations(c.get('actor'), c.get('tenant'))));
  app.post('/api/chat/conversations', actor, tenant, validate('json', createConversationSchema), async (c) => {
    const result = await chat.createConversation(c.get('actor'), c.get('tenant'), c.req.valid('json'));
    return c.json(result, result.created ? 201 : 200);
  });
  app.get('/api/chat/conversations/:id', actor, tenant, id, async (c) =>
    c.json(await chat.conversation(c.get('actor'), c.get('tenant'), c.req.valid('param').id)),
  );

  app.post('/api/chat/conversations/:id/members', actor, tenant, id, validate('json', addMemberSchema), async (c) =>
    c.json(await chat.addMember(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json').profileId)),
  );
  app.delete('/api/chat/conversations/:id/members/:profileId', actor, tenant, validate('param', memberParamSchema), async (c) => {
    const { id: conversationId, profileId } = c.req.valid('param');
    return c.json(await chat.removeMember(c.get('actor'), c.get('tenant'), conversationId, profileId));
  });
  app.post('/api/chat/conversations/:id/archive', actor, tenant, id, async (c) =>
    c.json(await chat.setArchived(c.get('actor'), c.get('tenant'), c.req.valid('param').id, true)),
  );
  app.post('/api/chat/conversations/:id/restore', actor, tenant, id, async (c) =>
    c.json(await chat.setArchived(c.get('actor'), c.get('tenant'), c.req.valid('param').id, false)),
  );

  app.post('/api/chat/projects/:projectId/conversation', actor, tenant, validate('param', projectParamSchema), async (c) =>
    c.json(await chat.projectConversation(c.get('actor'), c.get('tenant'), c.req.valid('param').projectId)),
  );

  app.get('/api/chat/conversations/:id/messages', actor, tenant, id, validate('query', messagesQuerySchema), async (c) =>
    c.json(await chat.messages(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('query'))),
  );
  app.post('/api/chat/conversations/:id/messages', actor, tenant, id, validate('json', sendMessageSchema), messageLimit, async (c) => {
    const actor = c.get('actor');
    const profile = c.get('identity')?.profile;
    const sender = profile ? { firstName: profile.firstName, lastName: profile.lastName, name: profile.name, email: actor.email } : undefined;
    const { message, created } = await chat.postMessage(actor, c.get('tenant'), c.req.valid('param').id, c.req.valid('json'), sender);
    return c.json({ message }, created ? 201 : 200);
  });
  app.post('/api/chat/conversations/:id/read', actor, tenant, id, async (c) =>
    c.json(await chat.markRead(c.get('actor'), c.get('tenant'), c.req.valid('param').id)),
  );

  app.get('/api/chat/sync', actor, tenant, validate('query', syncQuerySchema), async (c) =>
    c.json(await chat.sync(c.get('actor'), c.get('tenant'), c.req.valid('query'))),
  );

  return app;
}
