import { useQuery } from '@tanstack/react-query';
import { siteBannerSchema, type SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import { api } from '../../lib/api-client';

// GET /api/settings/site-banner: the banner every signed-in page shows (the admin's edit is in
// save-site-banner-api.ts, so the first load does not carry it).

export const siteBannerKey = ['site-banner'] as const;
/** An admin's change reaches open pages within 5 minutes. */
export const SITE_BANNER_CACHE_MS = 5 * 60_000;

/** The banner; a read error is logged and shows none. */
export async function fetchSiteBanner(): Promise<SiteBanner | null> {
  try {
    return await api.get('/api/settings/site-banner', { schema: siteBannerSchema });
  } catch (error) {
    console.warn('The site banner could not be read; showing none.', error);
    return null;
  }
}

export function useSiteBanner() {
  return useQuery({ queryKey: siteBannerKey, queryFn: fetchSiteBanner, staleTime: SITE_BANNER_CACHE_MS, refetchInterval: SITE_BANNER_CACHE_MS });
}
