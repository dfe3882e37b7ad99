import { eq, sql } from 'drizzle-orm';
import type { Maintenance } from '@ridgeline/shared/contracts/maintenance';
import type { Db } from '../../infra/db/client';
import { appSettings } from '../../infra/db/schema/index';

const KEY = 'maintenance_mode';
// Every instance re-reads the flag at most this often, so a switch takes effect everywhere within a second.
const CACHE_MS = 1000;

/** The maintenance flag with a short in-process cache; a missing or malformed row means off. */
export function createMaintenanceService({ db }: { db: Db }) {
  let cached: { value: Maintenance; at: number } | null = null;

  async function read(): Promise<Maintenance> {
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
    const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
    const raw = row?.value as { enabled?: unknown } | undefined;
    const value = { enabled: raw?.enabled === true };
    cached = { value, at: Date.now() };
    return value;
  }

  async function write(enabled: boolean): Promise<Maintenance> {
    const value = JSON.stringify({ enabled });
    await db
      .insert(appSettings)
      .values({ key: KEY, value: sql`${value}::jsonb` })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: sql`${value}::jsonb`, updatedAt: new Date() } });
    cached = null;
    return { enabled };
  }

  return { read, write };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;
