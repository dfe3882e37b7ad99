import { useMutation, useQueryClient } from '@tanstack/react-query';
import { siteBannerSchema, type SiteBanner } from '@ridgeline/shared/contracts/maintenance';
import { api } from '../../lib/api-client';
import { siteBannerKey } from './site-banner-api';

/** PUT /api/admin/site-banner (platform admins): the banner's words and whether it shows. */
export function useSaveSiteBanner() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (banner: SiteBanner) => api.put('/api/admin/site-banner', banner, { schema: siteBannerSchema }),
    onSuccess: (saved) => client.setQueryData(siteBannerKey, saved),
  });
}
