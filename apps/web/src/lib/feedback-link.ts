import { paths } from './paths';

// The way to /feedback about a page: a page's help links here with the page it was opened on, and
// the feedback form fills it in. Written once for both.

/** The query parameter that carries the page. */
export const FEEDBACK_PAGE_PARAM = 'page';

/** '/feedback?page=%2Fprojects%2F123': the feedback form about that page. */
export function feedbackHref(page: string): string {
  return `${paths.feedback}?${FEEDBACK_PAGE_PARAM}=${encodeURIComponent(page)}`;
}
