import { z } from 'zod';
import { SITE_BANNER_MAX_LENGTH } from '../domain/site-banner';
import { singleLineString } from './common';

/** app_settings key maintenance_mode: { enabled }; a missing row means off. */
export const maintenanceSchema = z.object({ enabled: z.boolean() });
export type Maintenance = z.infer<typeof maintenanceSchema>;

/**
 * app_settings key site_banner: whether the signed-in pages show the site banner, and its words
 * (one line of plain text); a missing row means on with the default words. GET
 * /api/settings/site-banner answers it, PUT /api/admin/site-banner takes it.
 */
export const siteBannerSchema = z.object({
  enabled: z.boolean(),
  text: singleLineString()
    .trim()
    .min(1, 'Write the words of the banner, or turn it off.')
    .max(SITE_BANNER_MAX_LENGTH, `Keep the banner to ${SITE_BANNER_MAX_LENGTH} characters or fewer.`),
});
export type SiteBanner = z.infer<typeof siteBannerSchema>;
