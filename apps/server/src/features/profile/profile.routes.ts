import { Hono } from 'hono';
import { updateMeSchema } from '@ridgeline/shared/contracts/team';
import type { AppEnv } from '../../http/context';
import type { AppDeps } from '../../http/deps';
import { requireActor } from '../../http/middleware/auth';
import { keptUpload, readImageUpload } from '../../http/middleware/upload';
import { validate } from '../../http/middleware/validate';
import { AppError } from '../../lib/app-error';
import { createProfileService } from './profile.service';

const MAX_AVATAR_BYTES = 5 * 1024 * 1024;

/** The signed-in user's own profile. */
export function profileRoutes(deps: AppDeps) {
  const app = new Hono<AppEnv>();
  const profile = createProfileService({ db: deps.database.db, storage: deps.storage });
  const actor = requireActor(deps);
  const avatarLimit = { maxBytes: MAX_AVATAR_BYTES, quota: keptUpload(deps.uploadQuota) };

  app.get('/api/me', actor, (c) => {
    const identity = c.get('identity');
    if (!identity) throw AppError.unauthenticated();
    return c.json(profile.meOf(identity));
  });
  app.patch('/api/me', actor, validate('json', updateMeSchema), async (c) => c.json(await profile.updateMe(c.get('actor'), c.req.valid('json'))));
  app.put('/api/me/avatar', actor, async (c) => {
    const image = await readImageUpload(c, avatarLimit);
    return c.json(await profile.setAvatar(c.get('actor'), image));
  });
  return app;
}
