import type { FeedbackEntry, FeedbackItem } from '@ridgeline/shared/contracts/feedback';
import { FEEDBACK_STATUS_LABELS, FEEDBACK_TYPE_LABELS, type FeedbackStatus, type FeedbackType } from '@ridgeline/shared/domain/feedback';
import type { BadgeTone } from '../../components/ui/badge';

// Feedback's words: the kinds a user picks from, each status's badge, a thread entry's sentence.

export const TYPE_CHOICES: readonly { value: FeedbackType; label: string; description: string }[] = [
  { value: 'problem', label: FEEDBACK_TYPE_LABELS.problem, description: 'Something is broken, wrong or in the way.' },
  { value: 'idea', label: FEEDBACK_TYPE_LABELS.idea, description: 'Something Ridgeline could do, or do better.' },
  { value: 'question', label: FEEDBACK_TYPE_LABELS.question, description: 'Something you want to know.' },
];

const STATUS_TONES: Record<FeedbackStatus, BadgeTone> = { new: 'info', planned: 'warning', in_progress: 'warning', done: 'success', wont_do: 'neutral' };

export const statusTone = (status: FeedbackStatus): BadgeTone => STATUS_TONES[status];
export const statusLabel = (status: FeedbackStatus) => FEEDBACK_STATUS_LABELS[status];
export const typeLabel = (type: FeedbackType) => FEEDBACK_TYPE_LABELS[type];

/** A list row's title: the message's first line, at most 90 characters. */
export function feedbackTitle(item: Pick<FeedbackItem, 'message'>): string {
  const line =
    item.message
      .split('\n')
      .find((part) => part.trim())
      ?.trim() ?? '';
  return line.length > 90 ? `${line.slice(0, 89).trimEnd()}…` : line;
}

/** "1 reply", "3 replies", "No replies yet". */
export function repliesText(count: number): string {
  if (count === 0) return 'No replies yet';
  return count === 1 ? '1 reply' : `${count} replies`;
}

/** Who wrote a thread entry, as the reader sees it: the team (with the name), or the author ("You" for the author reading). */
export function entryAuthor(entry: Pick<FeedbackEntry, 'byTeam' | 'authorName'>, readerIsAuthor: boolean): string {
  if (entry.byTeam) return entry.authorName ? `${entry.authorName}, Ridgeline team` : 'Ridgeline team';
  if (readerIsAuthor) return 'You';
  return entry.authorName ?? 'The author';
}
