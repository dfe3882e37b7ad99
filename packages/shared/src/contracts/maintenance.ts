import { z } from 'zod';

/** app_settings key maintenance_mode: { enabled }; a missing row means off. */
export const maintenanceSchema = z.object({ enabled: z.boolean() });
export type Maintenance = z.infer<typeof maintenanceSchema>;
