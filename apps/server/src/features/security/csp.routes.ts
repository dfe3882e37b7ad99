import { Hono } from 'hono';
import { cspViolationSchema } from '@ridgeline/shared/contracts/admin';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { limitBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { createCspService } from './csp.service';

const MAX_REPORT_BYTES = 16 * 1024;

/** CSP violation reports: browsers post them (small, rate limited per IP); platform admins read them. */
export function cspRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const csp = createCspService({ db: deps.database.db });
  const rule = { limit: deps.config.cspReportLimit, windowMs: 60_000 };

  app.post(
    '/api/security/csp-violation',
    limitBody(MAX_REPORT_BYTES),
    async (c, next) => {
      const limit = await deps.limits.hit(`csp:${clientIp(c)}`, rule);
      if (!limit.allowed) {
        throw new AppError('RATE_LIMITED', 'Too many reports. Please try again later.', { 'Retry-After': String(limit.retryAfter) });
      }
      await next();
    },
    validate('json', cspViolationSchema),
    async (c) => {
      await csp.record(c.req.valid('json'), { userAgent: c.req.header('user-agent') ?? null, ip: clientIp(c) });
      return c.body(null, 204);
    },
  );

  app.get('/api/admin/csp-violations', requireActor(deps), requirePlatformAdmin(), async (c) => c.json({ reports: await csp.listRecent() }));

  return app;
}
