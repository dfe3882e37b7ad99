import { z } from 'zod';
import { idSchema } from './common';
import { activeFilesSchema, activityEntrySchema, projectSummarySchema, taskSchema } from './project-views';

/** GET /api/dashboard: the company's claim files at a glance, for the signed-in user. */
export const dashboardSchema = z.object({
  activeFiles: activeFilesSchema,
  /** Every visible status in pipeline order with its number of projects (archived ones left out). */
  byStatus: z.array(z.object({ statusId: idSchema, name: z.string(), isClosed: z.boolean(), count: z.number().int() })),
  /** The user's open tasks, overdue first, then by due date. */
  myTasks: z.array(taskSchema),
  overdueCount: z.number().int(),
  recentProjects: z.array(projectSummarySchema),
  /** The newest activity across the company's projects, with the project's title. */
  recentActivity: z.array(activityEntrySchema.extend({ projectTitle: z.string() })),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
