import { z } from 'zod';

/** GET /api/health */
export const healthResponseSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['embedded', 'external']),
  version: z.string(),
});
export type HealthResponse = z.infer<typeof healthResponseSchema>;

/** GET /api/live: the process answers (no database round trip), for a liveness probe. */
export const liveResponseSchema = z.object({ status: z.literal('live'), version: z.string() });
export type LiveResponse = z.infer<typeof liveResponseSchema>;

/** GET /api/ready: the instance takes traffic (its database answers and it is not shutting down). */
export const readyResponseSchema = z.object({ status: z.literal('ready'), database: z.enum(['embedded', 'external']), version: z.string() });
export type ReadyResponse = z.infer<typeof readyResponseSchema>;
