import { Hono } from 'hono';
import {
  askSchema,
  conversationQuerySchema,
  createPassageSchema,
  rateAnswerSchema,
  updateAssistantSettingsSchema,
  updatePassageSchema,
} from '@ridgeline/shared/contracts/assistant';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { z } from 'zod';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin, requireTenant } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { ProviderStopped } from '../../infra/ai/chat-provider';
import { AppError } from '../../lib/app-error';
import { createAssistantService } from './assistant.service';

/**
 * The assistant. A question is answered as server-sent events on the POST's own response (`token`
 * events while the answer is written, then `done` with the saved question and answer, or `error`):
 * one request per answer, so closing it (Stop) aborts the provider's call and nothing is saved.
 * Every refusal (bad input, another company's claim file, the daily limit, a conversation still
 * answering) is a plain 4xx before the stream opens; once it has opened, runAsk always runs, and ends
 * the use prepareAsk reserved.
 */
export function assistantRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const assistant = createAssistantService({ db: deps.database.db, provider: deps.chatProvider, defaultDailyLimit: deps.config.assistant.dailyLimit });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const admin = requirePlatformAdmin('Only platform admins can change the knowledge base.');
  const id = validate('param', uuidParamSchema);

  app.get('/api/assistant/conversation', actor, tenant, validate('query', conversationQuerySchema), async (c) =>
    c.json(await assistant.conversation(c.get('actor'), c.get('tenant'), c.req.valid('query').projectId)),
  );

  app.post('/api/assistant/ask', actor, tenant, validate('json', askSchema), async (c) => {
    const plan = await assistant.prepareAsk(c.get('actor'), c.get('tenant'), c.req.valid('json'));
    const stop = new AbortController();
    c.req.raw.signal.addEventListener('abort', () => stop.abort());
    const encoder = new TextEncoder();
    const log = deps.logger;
    const body = new ReadableStream<Uint8Array>({
      async start(stream) {
        const send = (event: string, data: unknown) => {
          if (!stop.signal.aborted) stream.enqueue(encoder.encode(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`));
        };
        try {
          const done = await assistant.runAsk(plan, { signal: stop.signal, onToken: (text) => send('token', { text }) });
          send('done', done);
        } catch (error) {
          if (!(error instanceof ProviderStopped) && !stop.signal.aborted) {
            if (!(error instanceof AppError)) log.error({ err: error }, 'assistant answer failed');
            const failure = error instanceof AppError ? error : new AppError('INTERNAL_ERROR');
            send('error', { error: { code: failure.code, message: failure.message } });
          }
        } finally {
          try {
            stream.close();
          } catch {
            // The client went away; the stream is already closed.
          }
        }
      },
      cancel() {
        stop.abort();
      },
    });
    return c.body(body, 200, { 'Content-Type': 'text/event-stream; charset=utf-8', 'Cache-Control': 'no-cache, no-transform', 'X-Accel-Buffering': 'no' });
  });

  app.post('/api/assistant/messages/:id/rating', actor, tenant, id, validate('json', rateAnswerSchema), async (c) =>
    c.json(await assistant.rate(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json'))),
  );

  app.get('/api/assistant/settings', actor, tenant, async (c) => c.json(await assistant.settings(c.get('tenant'))));
  app.patch('/api/assistant/settings', actor, tenant, validate('json', updateAssistantSettingsSchema), async (c) =>
    c.json(await assistant.updateSettings(c.get('tenant'), c.req.valid('json'))),
  );

  app.get('/api/admin/knowledge', actor, admin, validate('query', z.object({ retired: z.enum(['true', 'false']).optional() })), async (c) =>
    c.json({ passages: await assistant.passages(c.req.valid('query').retired === 'true') }),
  );
  app.post('/api/admin/knowledge', actor, admin, validate('json', createPassageSchema), async (c) =>
    c.json(await assistant.createPassage(c.req.valid('json')), 201),
  );
  app.patch('/api/admin/knowledge/:id', actor, admin, id, validate('json', updatePassageSchema), async (c) =>
    c.json(await assistant.editPassage(c.req.valid('param').id, c.req.valid('json'))),
  );
  return app;
}
