const HOUR_MS = 60 * 60 * 1000;

/**
 * Today's date (YYYY-MM-DD) for the overdue rule. A due date is a plain calendar day and a company has
 * no time zone of its own, so the day is taken in the last zone on earth (UTC-12): a task turns overdue
 * once its due day has ended everywhere, never while it is still running for a user anywhere.
 */
export function overdueToday(now: Date): string {
  return new Date(now.getTime() - 12 * HOUR_MS).toISOString().slice(0, 10);
}

/** A task is overdue when it is not done and its due day is before today (as `overdueToday` gives it). */
export function isTaskOverdue(task: { done: boolean; dueDate: string | null }, today: string): boolean {
  return !task.done && task.dueDate !== null && task.dueDate < today;
}
