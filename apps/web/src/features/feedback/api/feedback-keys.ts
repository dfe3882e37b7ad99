import type { AdminFeedbackQuery } from '@ridgeline/shared/contracts/feedback';

// Feedback's query keys, one place: the author's own (list and items) and the team's triage (pages, items, the open count).
export const feedbackKeys = {
  mine: ['feedback', 'mine'] as const,
  item: (id: string) => ['feedback', 'mine', id] as const,
  triage: ['feedback', 'triage'] as const,
  triagePage: (query: AdminFeedbackQuery) => ['feedback', 'triage', 'page', query] as const,
  triageItem: (id: string) => ['feedback', 'triage', 'item', id] as const,
  summary: ['feedback', 'triage', 'summary'] as const,
};
