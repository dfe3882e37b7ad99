// The conversation list's time: the clock time today, the weekday within the last week, the date
// before that (the year only when it is not this year's).

const DAY_MS = 24 * 60 * 60 * 1000;

export function shortTime(iso: string, now: Date = new Date()): string {
  const at = new Date(iso);
  const startOfToday = new Date(now.getFullYear(), now.getMonth(), now.getDate()).getTime();
  if (at.getTime() >= startOfToday) return at.toLocaleTimeString(undefined, { hour: 'numeric', minute: '2-digit' });
  if (at.getTime() >= startOfToday - 6 * DAY_MS) return at.toLocaleDateString(undefined, { weekday: 'short' });
  if (at.getFullYear() === now.getFullYear()) return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
  return at.toLocaleDateString(undefined, { month: 'short', day: 'numeric', year: 'numeric' });
}
