import { Hono } from 'hono';
import { shareTokenParamSchema, signProposalSchema } from '@ridgeline/shared/contracts/documents';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { createPublicShareService } from './public-share.service';

/** Signatures per client address per minute, beside the app's own write limit. */
const SIGN_LIMIT = { limit: 20, windowMs: 60_000 };

/**
 * What a share link opens with no sign-in: the shared document, its PDF, and the proposal's
 * signature. No session is asked for; the signed token in the path is the only key, and writes
 * still pass the write guard (trusted Origin) and the write limit like every other.
 */
export function publicShareRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const shares = createPublicShareService({ db: deps.database.db, storage: deps.storage, jobs: deps.jobs, secret: deps.storageSecret, events: deps.events });
  const token = validate('param', shareTokenParamSchema);
  const visitor = (c: { req: { header: (name: string) => string | undefined } }, ip: string) => ({ ip, userAgent: c.req.header('user-agent') ?? null });

  app.get('/api/public/share/:token', token, async (c) => {
    c.header('Cache-Control', 'no-store');
    c.header('Referrer-Policy', 'no-referrer');
    return c.json(await shares.open(c.req.valid('param').token, visitor(c, clientIp(c))));
  });
  app.get('/api/public/share/:token/file', token, async (c) => {
    const { body, fileName } = await shares.file(c.req.valid('param').token);
    c.header('Content-Type', 'application/pdf');
    c.header('Content-Disposition', `attachment; filename="${fileName}"`);
    c.header('X-Content-Type-Options', 'nosniff');
    c.header('Cache-Control', 'private, no-store');
    return c.body(new Uint8Array(body));
  });
  app.post('/api/public/share/:token/sign', token, validate('json', signProposalSchema), async (c) => {
    const ip = clientIp(c);
    const limit = await deps.limits.hit(`share-sign:${ip}`, SIGN_LIMIT);
    if (!limit.allowed) throw AppError.rateLimited(limit.retryAfter, `Too many signatures. Please wait ${limit.retryAfter} seconds and try again.`);
    c.header('Cache-Control', 'no-store');
    return c.json(await shares.sign(c.req.valid('param').token, c.req.valid('json'), visitor(c, ip)));
  });
  return app;
}
