import type { Maintenance, SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import type { Db } from '../../infra/db/client';
import { readMaintenanceFlag, readSiteBanner, writeMaintenanceFlag, writeSiteBanner } from './maintenance.repository';

// Every instance re-reads the flag at most this often, so a switch takes effect everywhere within a second.
const CACHE_MS = 1000;

/**
 * The maintenance flag with a short in-process cache. One instance serves both the gate (through
 * http/'s MaintenanceFlag port) and the admin switch, so a switch is seen at once on this instance.
 */
export function createMaintenanceService({ db }: { db: Db }) {
  let cached: { value: Maintenance; at: number } | null = null;

  return {
    fresh(): Maintenance | null {
      return cached && Date.now() - cached.at < CACHE_MS ? cached.value : null;
    },

    async read(): Promise<Maintenance> {
      if (cached && Date.now() - cached.at < CACHE_MS) return cached.value;
      const value = { enabled: await readMaintenanceFlag(db) };
      cached = { value, at: Date.now() };
      return value;
    },

    async write(enabled: boolean): Promise<Maintenance> {
      await writeMaintenanceFlag(db, enabled);
      cached = null;
      return { enabled };
    },
  };
}

export type MaintenanceService = ReturnType<typeof createMaintenanceService>;

/**
 * The site banner of the signed-in pages: read from the database on each call (every instance shows
 * what the last admin saved; the web app caches it for a few minutes), written by platform admins.
 */
export function createSiteBannerService({ db }: { db: Db }) {
  return {
    read: (): Promise<SiteBanner> => readSiteBanner(db),
    async write(banner: SiteBanner): Promise<SiteBanner> {
      await writeSiteBanner(db, banner);
      return banner;
    },
  };
}
