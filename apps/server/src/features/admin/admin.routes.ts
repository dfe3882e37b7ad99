import { Hono, type Context } from 'hono';
import {
  adminUserQuerySchema,
  impersonationRequestSchema,
  setUserEnabledSchema,
  type AdminUserList,
  type ImpersonationResponse,
} from '@ridgeline/shared/contracts/admin';
import { idParamSchema } from '@ridgeline/shared/contracts/common';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { clientIp } from '../../http/client-ip';
import { listUsers, setUserEnabled } from './admin-users.service';
import {
  assertMayUseImpersonation,
  endImpersonation,
  impersonationStatus,
  listImpersonationAudit,
  startImpersonation,
} from './impersonation.service';

/** Answers JSON and passes on better-auth's cookies (the switch to and from the impersonation session). */
function withCookies(c: Context<AppEnv>, body: ImpersonationResponse, cookies: string[]) {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
  return c.json(body);
}

/** Platform administration: the user list, disabling accounts, impersonation and its audit log. */
export function adminRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();

  app.get('/api/admin/users', requireActor(deps), requirePlatformAdmin(), validate('query', adminUserQuerySchema), async (c) => {
    const body: AdminUserList = { users: await listUsers(deps.database.db, c.req.valid('query').q) };
    return c.json(body);
  });

  app.patch(
    '/api/admin/users/:id',
    requireActor(deps),
    requirePlatformAdmin(),
    validate('param', idParamSchema),
    validate('json', setUserEnabledSchema),
    async (c) => {
      const { isEnabled, reason } = c.req.valid('json');
      const updated = await setUserEnabled(deps.database.db, c.get('actor').userId, c.req.valid('param').id, isEnabled, reason);
      deps.logger.info({ admin: c.get('actor').userId, target: updated.id, isEnabled }, 'account enabled flag changed');
      return c.json(updated);
    },
  );

  app.get('/api/admin/impersonation/audit', requireActor(deps), requirePlatformAdmin(), async (c) =>
    c.json({ entries: await listImpersonationAudit(deps) }),
  );

  // The spec's admin-impersonation function: action status | start | end.
  app.post('/api/functions/admin-impersonation', requireActor(deps), validate('json', impersonationRequestSchema), async (c) => {
    const actor = c.get('actor');
    assertMayUseImpersonation(actor);
    const input = c.req.valid('json');
    if (input.action === 'status') return c.json(await impersonationStatus(deps, actor));
    if (input.action === 'start') {
      const started = await startImpersonation(deps, actor, { ...input, ip: clientIp(c) }, c.req.raw.headers);
      return withCookies(c, started.body, started.cookies);
    }
    const ended = await endImpersonation(deps, actor, c.req.raw.headers);
    return withCookies(c, ended.body, ended.cookies);
  });

  return app;
}
