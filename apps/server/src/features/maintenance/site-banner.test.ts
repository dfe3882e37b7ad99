import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import { SITE_BANNER_DEFAULT_TEXT } from '@ridgeline/shared/domain/site-banner';
import { appSettings, user } from '../../infra/db/schema/index';
import type { TestResponse } from '../../test/test-client';
import type { SignedUpUser } from '../../test/test-server';
import { useTestServer } from '../../test/use-test-server';
import { createSiteBannerService } from './maintenance.service';

// The site banner: on with the default words until a platform admin edits or turns it off; stored
// in the database, so every instance (and every signed-in user) reads what the admin saved.

const server = useTestServer();
let admin: SignedUpUser;
let contractor: SignedUpUser;

const readBanner = (who: SignedUpUser) => who.client.get<SiteBanner>('/api/settings/site-banner');
const putBanner = (who: SignedUpUser, body: unknown) => who.client.put<SiteBanner>('/api/admin/site-banner', JSON.stringify(body));

function expectError(response: TestResponse, status: number, code: string) {
  expect(response.status, response.text).toBe(status);
  expect(response.body).toMatchObject({ error: { code, message: expect.any(String), timestamp: expect.any(String), requestId: expect.any(String) } });
}

beforeAll(async () => {
  admin = await server.signUpVerified();
  contractor = await server.signUpVerified();
  await server.db.update(user).set({ role: 'admin' }).where(eq(user.email, admin.email));
});

describe('the site banner', () => {
  it('is on with the default words until an admin changes it, and is read only when signed in', async () => {
    const response = await readBanner(contractor);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ enabled: true, text: SITE_BANNER_DEFAULT_TEXT });
    expectError(await server.client().get('/api/settings/site-banner'), 401, 'UNAUTHENTICATED');
  });

  it('can only be changed by a platform admin (a company owner is not one); nothing is stored otherwise', async () => {
    expectError(await putBanner(contractor, { enabled: false, text: 'Gone fishing' }), 403, 'FORBIDDEN');
    expectError(await server.client().put('/api/admin/site-banner', JSON.stringify({ enabled: false, text: 'Gone fishing' })), 401, 'UNAUTHENTICATED');
    expect((await readBanner(contractor)).body).toEqual({ enabled: true, text: SITE_BANNER_DEFAULT_TEXT });
    expect(await server.db.select().from(appSettings).where(eq(appSettings.key, 'site_banner'))).toEqual([]);
  });

  it('answers bad input with 400 in the one error shape and keeps what was stored', async () => {
    for (const body of [
      { enabled: true, text: '   ' },
      { enabled: true, text: 'x'.repeat(201) },
      { enabled: 'yes', text: 'Storm season hours' },
      { enabled: true, text: 'Line one\nline two' },
      { enabled: true },
      { text: 'No switch' },
    ]) {
      expectError(await putBanner(admin, body), 400, 'VALIDATION_ERROR');
    }
    expect((await readBanner(contractor)).body).toEqual({ enabled: true, text: SITE_BANNER_DEFAULT_TEXT });
  });

  it('stores an edit or a switch-off in the database: every user and every instance reads it', async () => {
    const edited = await putBanner(admin, { enabled: true, text: '  Storm season: the office answers until 9 pm.  ' });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.body).toEqual({ enabled: true, text: 'Storm season: the office answers until 9 pm.' });
    expect((await readBanner(contractor)).body).toEqual({ enabled: true, text: 'Storm season: the office answers until 9 pm.' });

    expect((await putBanner(admin, { enabled: false, text: 'Storm season: the office answers until 9 pm.' })).status).toBe(200);
    expect((await readBanner(contractor)).body).toEqual({ enabled: false, text: 'Storm season: the office answers until 9 pm.' });
    // Another instance (its own service on the same database) reads the same.
    expect(await createSiteBannerService({ db: server.db }).read()).toEqual({ enabled: false, text: 'Storm season: the office answers until 9 pm.' });
    const [row] = await server.db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, 'site_banner'));
    expect(row?.value).toEqual({ enabled: false, text: 'Storm season: the office answers until 9 pm.' });
  });
});
