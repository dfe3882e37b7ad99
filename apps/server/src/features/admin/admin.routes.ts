import { Hono, type Context } from 'hono';
import { adminUserQuerySchema, impersonationRequestSchema, setUserEnabledSchema, type AdminUserList } from '@ridgeline/shared/contracts/admin';
import { idParamSchema } from '@ridgeline/shared/contracts/common';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requirePlatformAdmin } from '../../http/middleware/auth';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { createAdminUsersService } from './admin-users.service';
import { assertMayUseImpersonation } from './admin.policy';
import { createImpersonationService, type CloseImpersonationSession, type OpenImpersonationSession } from './impersonation.service';

/** Passes on better-auth's cookies (the switch to and from the impersonation session). */
function appendCookies(c: Context<AppEnv>, cookies: string[]): void {
  for (const cookie of cookies) c.header('Set-Cookie', cookie, { append: true });
}

/** Platform administration: the user list, disabling accounts, impersonation and its audit log. */
export function adminRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const users = createAdminUsersService({ db: deps.database.db });
  const impersonation = createImpersonationService({ db: deps.database.db, logger: deps.logger });

  app.get('/api/admin/users', requireActor(deps), requirePlatformAdmin(), validate('query', adminUserQuerySchema), async (c) => {
    const body: AdminUserList = { users: await users.listUsers(c.req.valid('query').q) };
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
      const updated = await users.setUserEnabled(c.get('actor'), c.req.valid('param').id, isEnabled, reason);
      deps.logger.info({ admin: c.get('actor').userId, target: updated.id, isEnabled }, 'account enabled flag changed');
      return c.json(updated);
    },
  );

  app.get('/api/admin/impersonation/audit', requireActor(deps), requirePlatformAdmin(), async (c) => c.json({ entries: await impersonation.audit() }));

  // The admin-impersonation function: action status | start | end. better-auth switches the
  // session (HTTP: the request's cookies in, new cookies out); the cookies are sent only once the
  // service has accepted the switch (and, for a start, written the audit row).
  app.post('/api/functions/admin-impersonation', requireActor(deps), validate('json', impersonationRequestSchema), async (c) => {
    const actor = c.get('actor');
    assertMayUseImpersonation(actor);
    const input = c.req.valid('json');
    if (input.action === 'status') return c.json(await impersonation.status(actor));

    let cookies: string[] = [];
    if (input.action === 'start') {
      const openSession: OpenImpersonationSession = async (userId) => {
        const response = await deps.auth.impersonateUser(userId, c.req.raw.headers);
        if (!response.ok) throw new AppError('IMPERSONATION_FAILED', 'The impersonation session could not be created.');
        const created = (await response.json()) as { session: { id: string; expiresAt: string | Date } };
        cookies = response.headers.getSetCookie();
        return { sessionId: created.session.id, expiresAt: new Date(created.session.expiresAt) };
      };
      const body = await impersonation.start(actor, { ...input, ip: clientIp(c) }, openSession);
      appendCookies(c, cookies);
      return c.json(body);
    }
    const closeSession: CloseImpersonationSession = async () => {
      const response = await deps.auth.stopImpersonating(c.req.raw.headers);
      if (!response.ok) throw new AppError('IMPERSONATION_FAILED', 'Failed to end impersonation session');
      cookies = response.headers.getSetCookie();
    };
    const body = await impersonation.end(actor, closeSession);
    appendCookies(c, cookies);
    return c.json(body);
  });

  return app;
}
