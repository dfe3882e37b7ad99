import { idle } from '../../lib/when-idle';

// The navigation's unread badge is not needed to show a page: its code is fetched once the browser
// is idle, never on the first load.

/** The badge's module, for React.lazy: loaded when the browser is idle. */
export function loadInboxNavBadge() {
  return idle().then(() => import('./inbox-nav-badge'));
}
