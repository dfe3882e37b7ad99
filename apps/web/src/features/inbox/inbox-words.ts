import { formatDateTime } from '../../lib/dates';

// The inbox's words: a notification's full time, which paths it may open, and the unread count.

/** The instant in full, for the tooltip of the relative time. */
export function fullTimeText(iso: string): string {
  return formatDateTime(iso);
}

/** '3 unread', or 'All caught up' when none is. */
export function unreadText(count: number): string {
  return count > 0 ? `${count} unread` : 'All caught up';
}

/**
 * Whether a notification's link is a path of this app ('/messages?conversation=...'), the only kind
 * the inbox opens: anything else (another site, a protocol-relative '//host') is shown without a link.
 */
export function isAppPath(link: string | null): link is string {
  return link !== null && link.startsWith('/') && !link.startsWith('//') && !link.startsWith('/\\');
}
