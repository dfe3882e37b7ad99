import { Hono } from 'hono';
import { uuidParamSchema } from '@ridgeline/shared/contracts/common';
import { changeRoleSchema, inviteSchema, updateCompanySchema } from '@ridgeline/shared/contracts/team';
import { clientIp } from '../../http/client-ip';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor, requireTenant } from '../../http/middleware/auth';
import { keptUpload, readImageUpload } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { createCompanyService } from './company.service';
import { createTeamService } from './team.service';

const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

/** Company profile, team and invitations. Every company route is scoped to the actor's tenant. */
export function companyRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const company = createCompanyService({ db: deps.database.db, storage: deps.storage });
  const team = createTeamService({
    db: deps.database.db,
    publicUrl: deps.config.publicUrl,
    queueMail: deps.queueMail,
    limits: deps.limits,
    invitationLimits: deps.config.invitationLimits,
    invitationSecret: deps.invitationSecret,
  });
  const actor = requireActor(deps);
  const tenant = requireTenant(deps);
  const logoLimit = { maxBytes: MAX_IMAGE_BYTES, quota: keptUpload(deps.uploadQuota) };

  app.get('/api/company', actor, tenant, async (c) => c.json(await company.getCompany(c.get('tenant'))));

  app.patch('/api/company', actor, tenant, validate('json', updateCompanySchema), async (c) =>
    c.json(await company.editCompany(c.get('tenant'), c.req.valid('json'))),
  );

  app.put('/api/company/logo', actor, tenant, async (c) => c.json(await company.setLogo(c.get('tenant'), () => readImageUpload(c, logoLimit))));

  app.get('/api/team', actor, tenant, async (c) => c.json(await team.getTeam(c.get('tenant'))));

  app.post('/api/team/invitations', actor, tenant, validate('json', inviteSchema), async (c) =>
    c.json(await team.invite(c.get('actor'), c.get('tenant'), c.req.valid('json'), clientIp(c)), 201),
  );

  app.delete('/api/team/invitations/:id', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    await team.revokeInvitation(c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.patch('/api/team/members/:id', actor, tenant, validate('param', uuidParamSchema), validate('json', changeRoleSchema), async (c) =>
    c.json(await team.changeMemberRole(c.get('tenant'), c.req.valid('param').id, c.req.valid('json').role)),
  );

  app.delete('/api/team/members/:id', actor, tenant, validate('param', uuidParamSchema), async (c) => {
    await team.removeMember(c.get('actor'), c.get('tenant'), c.req.valid('param').id);
    return c.body(null, 204);
  });

  app.get('/api/invitations/:id', validate('param', uuidParamSchema), async (c) => c.json(await team.previewInvitation(c.req.valid('param').id)));

  app.post('/api/invitations/:id/accept', actor, validate('param', uuidParamSchema), async (c) => {
    await team.acceptInvitation(c.get('actor'), c.req.valid('param').id);
    return c.json({ accepted: true });
  });

  return app;
}
