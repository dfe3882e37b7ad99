import { z } from 'zod';

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'external']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;
