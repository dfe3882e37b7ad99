import { unreadBadge } from '@ridgeline/shared/domain/chat';
import { useMe } from '../../lib/api/me';
import { useUnreadNotifications } from './api/notifications';
import { useLiveInbox } from './use-live-inbox';

/** The unread count on the navigation's Inbox link (99+ above 99), live; nothing when all is read or the user has no company. */
export default function InboxNavBadge() {
  const hasCompany = Boolean(useMe().data?.company);
  const unread = useUnreadNotifications(hasCompany);
  useLiveInbox({ enabled: hasCompany });
  const badge = unreadBadge(unread.data ?? 0, 99);
  if (!hasCompany || !badge) return null;
  return (
    <span className="ml-auto rounded-full bg-amber-300 px-2 py-0.5 text-xs font-bold text-slate-950" data-testid="inbox-nav-badge">
      {badge}
      <span className="sr-only"> unread</span>
    </span>
  );
}
