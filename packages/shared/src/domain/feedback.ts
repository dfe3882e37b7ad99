// Feedback to the Ridgeline team: what a user sends (a problem, an idea or a question about a page),
// where it stands, and the limits both sides check. The team (platform admins) triages it across
// companies; its author follows it in the Feedback Loop.

/** What a piece of feedback is. */
export const FEEDBACK_TYPES = ['problem', 'idea', 'question'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

export const FEEDBACK_TYPE_LABELS: Record<FeedbackType, string> = { problem: 'Problem', idea: 'Idea', question: 'Question' };

/** Where it stands: new until the team looks at it; done and won't do close it. */
export const FEEDBACK_STATUSES = ['new', 'planned', 'in_progress', 'done', 'wont_do'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_STATUS_LABELS: Record<FeedbackStatus, string> = {
  new: 'New',
  planned: 'Planned',
  in_progress: 'In progress',
  done: 'Done',
  wont_do: "Won't do",
};

/** The statuses the team still has work in: the open count counts these. */
export const OPEN_FEEDBACK_STATUSES: readonly FeedbackStatus[] = ['new', 'planned', 'in_progress'];

export function isOpenFeedback(status: FeedbackStatus): boolean {
  return OPEN_FEEDBACK_STATUSES.includes(status);
}

/**
 * Who filed it: a user through /feedback, or an answer of the assistant a user rated wrong (filed
 * for them by the assistant, with the rating as its reference).
 */
export const FEEDBACK_SOURCES = ['user', 'assistant'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

/** The longest message, and the longest reply in its thread, in characters. */
export const FEEDBACK_MESSAGE_MAX = 5000;
/** The longest page path a piece of feedback names. */
export const FEEDBACK_PAGE_MAX = 300;

/** The screenshot: an image of at most 10 MB, of these types, within the pixel budget (domain/images.ts). */
export const SCREENSHOT_MAX_BYTES = 10 * 1024 * 1024;
export const SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'] as const;
/** A screenshot uploaded but never sent with feedback is deleted after this many hours. */
export const SCREENSHOT_UNSENT_HOURS = 24;

/** The refusal of a screenshot over the size limit. */
export const SCREENSHOT_TOO_LARGE_MESSAGE = `Screenshots can be up to ${SCREENSHOT_MAX_BYTES / 1024 / 1024} MB.`;
/** The refusal of a file that is not an image of the accepted types. */
export const SCREENSHOT_TYPE_MESSAGE = 'Choose a PNG, JPEG, WebP or GIF image as the screenshot.';
