import { idle } from '../../lib/when-idle';

// The admin navigation's open-feedback count is not needed to show a page: its code is fetched once
// the browser is idle, and only for platform admins (the only ones who see the Admin group).

/** The badge's module, for React.lazy: loaded when the browser is idle. */
export function loadFeedbackNavBadge() {
  return idle().then(() => import('./feedback-nav-badge'));
}
