import { formatDate, formatMonthDay, formatTime } from '../../lib/dates';

// The conversation list's time: the clock time today, the day and month before that within this
// year, the whole date otherwise (lib/dates writes each).

export function shortTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return formatTime(at);
  if (at.getFullYear() === now.getFullYear()) return formatMonthDay(at);
  return formatDate(at);
}
