// The office's analytics: which statuses of the pipeline mean what, the range a view may cover, and
// how a duration is written. The server's SQL counts with these keys; the page writes the same words.

/** A claim file that has ever entered one of these statuses was approved by the insurer. */
export const APPROVED_STATUS_KEYS = ['approved', 'supplement_requested', 'build_scheduled', 'completed', 'depreciation_requested', 'paid'] as const;
/** A claim file that entered this status, and never an approved one, was denied. */
export const DENIED_STATUS_KEYS = ['denied'] as const;
/** The claim was filed with the insurer when the claim file first entered this status. */
export const FILED_STATUS_KEY = 'claim_filed';
/** Without an inspection (field session) on it, a claim file was inspected when it first entered this status. */
export const INSPECTED_STATUS_KEY = 'inspected';

/** The longest range one view covers (three years, leap day included). */
export const ANALYTICS_RANGE_MAX_DAYS = 1096;
/** With no range asked for, a view covers the last 365 days up to today. */
export const ANALYTICS_DEFAULT_RANGE_DAYS = 365;

const DAY_MS = 86_400_000;

/** The date `days` before a YYYY-MM-DD date, as YYYY-MM-DD (calendar days, UTC). */
export function daysBefore(isoDate: string, days: number): string {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) - days * DAY_MS).toISOString().slice(0, 10);
}

/** Calendar days from `from` to `to` (both YYYY-MM-DD), 0 when they are the same day. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

/**
 * What is wrong with a view's range (null when nothing is): its start after its end, or more days
 * than the longest range. The request checks the ends it was given; the server checks again once the
 * missing end is filled in, so `from` alone (to today) is held to the same limit.
 */
export function analyticsRangeProblem(range: { from: string; to: string }): string | null {
  if (range.from > range.to) return 'The start date must be on or before the end date';
  if (daysBetween(range.from, range.to) >= ANALYTICS_RANGE_MAX_DAYS) return 'A view covers at most three years';
  return null;
}

/** The range a view covers: what was asked, else the default ending today (UTC). */
export function analyticsRange(filters: { from?: string | undefined; to?: string | undefined }, today: string): { from: string; to: string } {
  const to = filters.to ?? today;
  const from = filters.from ?? daysBefore(to, ANALYTICS_DEFAULT_RANGE_DAYS);
  return { from, to };
}

/** Approved out of decided as a whole percent (0 when nothing was decided). */
export function approvalPercent(approved: number, denied: number): number {
  const decided = approved + denied;
  return decided === 0 ? 0 : Math.round((approved / decided) * 100);
}
