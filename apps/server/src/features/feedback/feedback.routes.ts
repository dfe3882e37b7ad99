import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import {
  adminFeedbackQuerySchema,
  createFeedbackSchema,
  feedbackReplySchema,
  setFeedbackStatusSchema,
  uploadScreenshotQuerySchema,
  type FeedbackList,
} from '@ridgeline/shared/contracts/feedback';
import { SCREENSHOT_MAX_BYTES, SCREENSHOT_TOO_LARGE_MESSAGE } from '@ridgeline/shared/domain/feedback';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin, requireTenant } from '../../http/middleware/auth';
import { keptUpload, readRawBody, type RawBodyLimit } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createFeedbackService } from './feedback.service';

/** The browser feedback was sent from: the request's User-Agent, on one line, at most 500 characters. */
const BROWSER_MAX = 500;
const browserOf = (userAgent: string | undefined) =>
  userAgent
    ?.replace(/\p{Cc}+/gu, ' ')
    .trim()
    .slice(0, BROWSER_MAX) || null;

/**
 * Feedback: every member of a company sends and follows their own (/api/feedback); platform admins
 * triage every company's (/api/admin/feedback). A screenshot is a raw upload (PUT, the body is the
 * image) made before the feedback is sent.
 */
export function feedbackRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const feedback = createFeedbackService({
    db: deps.database.db,
    storage: deps.storage,
    logger: deps.logger,
    queueMail: deps.queueMail,
    publicUrl: deps.config.publicUrl,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const admin = requirePlatformAdmin('Only platform admins can triage feedback.');
  const id = validate('param', uuidParamSchema);
  // Larger than the limit: 413 naming it; the rest of the body stays unread, so the connection closes.
  // Screenshots spend a budget of their own per user and hour (FEEDBACK_SCREENSHOT_HOURLY_MB), sent or not.
  const screenshotLimit: RawBodyLimit = {
    maxBytes: SCREENSHOT_MAX_BYTES,
    message: SCREENSHOT_TOO_LARGE_MESSAGE,
    quota: keptUpload(deps.uploadQuota, 'screenshots'),
  };

  app.put('/api/feedback/screenshots', actor, tenant, validate('query', uploadScreenshotQuerySchema), async (c) =>
    c.json(await feedback.uploadScreenshot(c.get('actor'), c.get('tenant'), await readRawBody(c, screenshotLimit), c.req.valid('query').draft ?? null), 201),
  );
  app.post('/api/feedback', actor, tenant, validate('json', createFeedbackSchema), async (c) =>
    c.json(await feedback.create(c.get('actor'), c.get('tenant'), c.req.valid('json'), browserOf(c.req.header('user-agent'))), 201),
  );
  app.get('/api/feedback', actor, tenant, async (c) => {
    const body: FeedbackList = { items: await feedback.listOwn(c.get('actor'), c.get('tenant')) };
    return c.json(body);
  });
  app.get('/api/feedback/:id', actor, tenant, id, async (c) => c.json(await feedback.detailOwn(c.get('actor'), c.get('tenant'), c.req.valid('param').id)));
  app.post('/api/feedback/:id/replies', actor, tenant, id, validate('json', feedbackReplySchema), async (c) =>
    c.json(await feedback.replyOwn(c.get('actor'), c.get('tenant'), c.req.valid('param').id, c.req.valid('json').body), 201),
  );

  app.get('/api/admin/feedback', actor, admin, validate('query', adminFeedbackQuerySchema), async (c) =>
    c.json(await feedback.triage(c.get('actor'), c.req.valid('query'))),
  );
  app.get('/api/admin/feedback/summary', actor, admin, async (c) => c.json(await feedback.summary(c.get('actor'))));
  app.get('/api/admin/feedback/:id', actor, admin, id, async (c) => c.json(await feedback.triageDetail(c.get('actor'), c.req.valid('param').id)));
  app.patch('/api/admin/feedback/:id', actor, admin, id, validate('json', setFeedbackStatusSchema), async (c) =>
    c.json(await feedback.setStatus(c.get('actor'), c.req.valid('param').id, c.req.valid('json').status)),
  );
  app.post('/api/admin/feedback/:id/replies', actor, admin, id, validate('json', feedbackReplySchema), async (c) =>
    c.json(await feedback.teamReply(c.get('actor'), c.req.valid('param').id, c.req.valid('json').body), 201),
  );

  return app;
}
