import { z } from 'zod';
import { analyticsRangeProblem } from '../domain/analytics';
import { calendarDate, idSchema } from './common';
import { lossTypeSchema } from './project-views';

// GET /api/analytics: the company's figures (owners and managers) or the member's own. Money is in
// integer cents, durations in days with one decimal, weeks and months as their first day (YYYY-MM-DD).

/** The filters of a view, as the page's URL search params carry them. */
export const analyticsQuerySchema = z
  .object({
    from: calendarDate().optional(),
    to: calendarDate().optional(),
    memberId: idSchema.optional(),
    carrierId: z.uuid().optional(),
    lossType: lossTypeSchema.optional(),
  })
  .superRefine((query, context) => {
    const problem = query.from && query.to ? analyticsRangeProblem({ from: query.from, to: query.to }) : null;
    if (problem) context.addIssue({ code: 'custom', message: problem, path: ['from'] });
  });
export type AnalyticsQuery = z.infer<typeof analyticsQuerySchema>;
export type AnalyticsQueryInput = z.input<typeof analyticsQuerySchema>;

const count = z.number().int().nonnegative();
const cents = z.number().int();
const days = z.number().nullable();

export const approvalRowSchema = z.object({ key: z.string(), label: z.string(), approved: count, denied: count, percent: count });
export type ApprovalRow = z.infer<typeof approvalRowSchema>;

export const cycleTimeRowSchema = z.object({
  key: z.enum(['filed', 'approved', 'paid']),
  label: z.string(),
  claimFiles: count,
  medianDays: days,
  p90Days: days,
});
export type CycleTimeRow = z.infer<typeof cycleTimeRowSchema>;

export const statusValueRowSchema = z.object({ statusId: z.string(), name: z.string(), claimFiles: count, rcvCents: cents });
export type StatusValueRow = z.infer<typeof statusValueRowSchema>;

export const statusDaysRowSchema = z.object({ statusId: z.string(), name: z.string(), stays: count, averageDays: days, medianDays: days });
export type StatusDaysRow = z.infer<typeof statusDaysRowSchema>;

export const weeklyActivityRowSchema = z.object({
  week: z.iso.date(),
  memberId: z.string().nullable(),
  memberName: z.string(),
  inspections: count,
  photos: count,
});
export type WeeklyActivityRow = z.infer<typeof weeklyActivityRowSchema>;

export const monthlyRevenueRowSchema = z.object({ month: z.iso.date(), receivedCents: cents, payments: count });
export type MonthlyRevenueRow = z.infer<typeof monthlyRevenueRowSchema>;

export const analyticsOptionSchema = z.object({ id: z.string(), name: z.string() });

export const analyticsSchema = z.object({
  /** The filters the figures were computed with (the range filled in, a member's own id forced). */
  filters: z.object({
    from: z.iso.date(),
    to: z.iso.date(),
    memberId: z.string().nullable(),
    carrierId: z.string().nullable(),
    lossType: lossTypeSchema.nullable(),
  }),
  /** 'company' for owners and managers; 'own' when a member sees only their own figures. */
  scope: z.enum(['company', 'own']),
  members: z.array(analyticsOptionSchema),
  carriers: z.array(analyticsOptionSchema),
  approvalByCarrier: z.array(approvalRowSchema),
  approvalByLossType: z.array(approvalRowSchema),
  supplements: z.object({ requested: count, requestedCents: cents, approved: count, approvedCents: cents, denied: count }),
  cycleTimes: z.array(cycleTimeRowSchema),
  pipelineByStatus: z.array(statusValueRowSchema),
  daysInStatus: z.array(statusDaysRowSchema),
  weeklyActivity: z.array(weeklyActivityRowSchema),
  revenueByMonth: z.array(monthlyRevenueRowSchema),
});
export type Analytics = z.infer<typeof analyticsSchema>;

/**
 * The page's filter form: every field a string, '' meaning "every" (or the default range), checked by
 * the same rules as the request.
 */
export const analyticsFilterFormSchema = z
  .object({ from: z.string(), to: z.string(), memberId: z.string(), carrierId: z.string(), lossType: z.string() })
  .transform((form) => Object.fromEntries(Object.entries(form).filter(([, value]) => value !== '')))
  .pipe(analyticsQuerySchema);
export type AnalyticsFilterForm = z.input<typeof analyticsFilterFormSchema>;
