import { useFeedbackSummary } from './api/feedback-summary';

/** The open count (new, planned, in progress) on the admin navigation's Feedback Triage link (99+ above 99); nothing when none is open. */
export default function FeedbackNavBadge() {
  const summary = useFeedbackSummary(true);
  const open = summary.data?.open ?? 0;
  if (open === 0) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950" data-testid="feedback-nav-badge">
      {open > 99 ? '99+' : open}
      <span className="sr-only"> open</span>
    </span>
  );
}
