import { eq, sql } from 'drizzle-orm';
import { siteBannerSchema, type SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import { SITE_BANNER_DEFAULT_TEXT } from '@ridgeline/shared/domain/site-banner';
import type { Db, DbTx } from '../../infra/db/client';
import { appSettings } from '../../infra/db/schema/index';

// The site-wide settings platform admins switch, in app_settings: maintenance mode and the site banner.

const KEY = 'maintenance_mode';
const BANNER_KEY = 'site_banner';

/** The stored flag; a missing or malformed row means off. */
export async function readMaintenanceFlag(db: Db | DbTx): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const raw = row?.value as { enabled?: unknown } | undefined;
  return raw?.enabled === true;
}

export async function writeMaintenanceFlag(db: Db | DbTx, enabled: boolean): Promise<void> {
  await writeSetting(db, KEY, { enabled });
}

/** The stored banner; a missing or malformed row means on with the default words. */
export async function readSiteBanner(db: Db | DbTx): Promise<SiteBanner> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, BANNER_KEY));
  const stored = siteBannerSchema.safeParse(row?.value);
  return stored.success ? stored.data : { enabled: true, text: SITE_BANNER_DEFAULT_TEXT };
}

export async function writeSiteBanner(db: Db | DbTx, banner: SiteBanner): Promise<void> {
  await writeSetting(db, BANNER_KEY, banner);
}

async function writeSetting(db: Db | DbTx, key: string, setting: object): Promise<void> {
  const value = JSON.stringify(setting);
  await db
    .insert(appSettings)
    .values({ key, value: sql`${value}::jsonb` })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`${value}::jsonb`, updatedAt: new Date() } });
}
