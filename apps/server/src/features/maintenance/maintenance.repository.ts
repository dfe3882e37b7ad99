import { eq, sql } from 'drizzle-orm';
import type { Db, DbTx } from '../../infra/db/client';
import { appSettings } from '../../infra/db/schema/index';

const KEY = 'maintenance_mode';

/** The stored flag; a missing or malformed row means off. */
export async function readMaintenanceFlag(db: Db | DbTx): Promise<boolean> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  const raw = row?.value as { enabled?: unknown } | undefined;
  return raw?.enabled === true;
}

export async function writeMaintenanceFlag(db: Db | DbTx, enabled: boolean): Promise<void> {
  const value = JSON.stringify({ enabled });
  await db
    .insert(appSettings)
    .values({ key: KEY, value: sql`${value}::jsonb` })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`${value}::jsonb`, updatedAt: new Date() } });
}
