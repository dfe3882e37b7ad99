import { desc } from 'drizzle-orm';
import { Hono } from 'hono';
import { cspViolationSchema, type CspReport } from '@ridgeline/shared/contracts/admin';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { limitBody } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { cspViolations } from '../../infra/db/schema/index';
import { AppError } from '../../lib/app-error';
import { clientIp } from '../../http/client-ip';

const MAX_REPORT_BYTES = 16 * 1024;
const LIST_LIMIT = 200;

function occurredAt(timestamp: number | string | undefined): Date | null {
  if (timestamp === undefined) return null;
  const date = new Date(timestamp);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** CSP violation reports: browsers post them (small, rate limited per IP); platform admins read them. */
export function cspRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const rule = { limit: deps.config.cspReportLimit, windowMs: 60_000 };

  app.post(
    '/api/security/csp-violation',
    limitBody(MAX_REPORT_BYTES),
    async (c, next) => {
      const limit = await deps.limits.hit(`csp:${clientIp(c)}`, rule);
      if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter, 'Too many reports. Please try again later.');
      await next();
    },
    validate('json', cspViolationSchema),
    async (c) => {
      const report = c.req.valid('json');
      await deps.database.db.insert(cspViolations).values({
        documentUri: report.documentURI,
        referrer: report.referrer,
        blockedUri: report.blockedURI,
        violatedDirective: report.violatedDirective,
        originalPolicy: report.originalPolicy,
        disposition: report.disposition,
        occurredAt: occurredAt(report.timestamp),
        userAgent: c.req.header('user-agent')?.slice(0, 512) ?? null,
        ip: clientIp(c),
      });
      return c.body(null, 204);
    },
  );

  app.get('/api/admin/csp-violations', requireActor(deps), requirePlatformAdmin(), async (c) => {
    const rows = await deps.database.db.select().from(cspViolations).orderBy(desc(cspViolations.receivedAt)).limit(LIST_LIMIT);
    const reports: CspReport[] = rows.map((row) => ({
      id: row.id,
      documentUri: row.documentUri,
      blockedUri: row.blockedUri,
      violatedDirective: row.violatedDirective,
      disposition: row.disposition,
      userAgent: row.userAgent,
      occurredAt: row.occurredAt ? row.occurredAt.toISOString() : null,
      receivedAt: row.receivedAt.toISOString(),
    }));
    return c.json({ reports });
  });

  return app;
}
