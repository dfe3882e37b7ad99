import { Inbox } from 'lucide-react';
import { useCallback, useEffect, useState } from 'react';
import type { Notification } from '@ridgeline/shared/contracts/chat';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useMarkAllNotificationsRead } from './api/mark-all-notifications-read';
import { useMarkNotificationRead } from './api/mark-notification-read';
import { useNotifications } from './api/notifications';
import { notificationsOf, unreadCountOf } from './inbox-cache';
import { unreadText } from './inbox-words';
import { NotificationItem } from './notification-item';
import { useLiveInbox } from './use-live-inbox';

export const INBOX_EMPTY_TEXT = 'When a colleague mentions you in a message, it shows up here.';

/** How often the relative times ('5 minutes ago') are written again. */
const CLOCK_MS = 60_000;

function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const id = window.setInterval(() => setNow(new Date()), CLOCK_MS);
    return () => window.clearInterval(id);
  }, []);
  return now;
}

/** /inbox: what I am told (mentions, and later assignments, status changes, finished uploads), newest first, live. */
export default function InboxPage() {
  useDocumentTitle('Inbox');
  const inbox = useNotifications();
  const markOne = useMarkNotificationRead();
  const markAll = useMarkAllNotificationsRead();
  const now = useNow();
  const [announcement, setAnnouncement] = useState('');
  useLiveInbox({ onArrival: useCallback((notification: Notification) => setAnnouncement(`New notification: ${notification.title}`), []) });

  const notifications = notificationsOf(inbox.data);
  const unread = unreadCountOf(inbox.data);

  const onMarkRead = (notification: Notification) =>
    markOne.mutate(notification.id, { onError: (error) => notify.error('Could not mark as read', errorText(error)) });
  const onMarkAll = () => markAll.mutate(undefined, { onError: (error) => notify.error('Could not mark all as read', errorText(error)) });

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <header className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div>
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="text-2xl font-bold text-slate-900">Inbox</h1>
            {inbox.data && (
              <Badge tone={unread > 0 ? 'info' : 'neutral'} data-testid="inbox-unread-count">
                {unreadText(unread)}
              </Badge>
            )}
          </div>
          <p className="mt-1 text-slate-700">Mentions and updates for you, newest first.</p>
        </div>
        <Button variant="secondary" className="w-full sm:w-auto" onClick={onMarkAll} disabled={unread === 0 || markAll.isPending}>
          Mark all as read
        </Button>
      </header>
      <p role="status" className="sr-only">
        {announcement}
      </p>

      {inbox.isPending && <p role="status">Loading your inbox…</p>}
      {inbox.isError && !inbox.isFetchNextPageError && <Alert>{errorText(inbox.error)}</Alert>}
      {inbox.isSuccess && notifications.length === 0 && (
        <EmptyState icon={<Inbox aria-hidden="true" className="size-8 text-slate-500" />} title="No notifications yet">
          <p>{INBOX_EMPTY_TEXT}</p>
        </EmptyState>
      )}
      {notifications.length > 0 && (
        <ul aria-label="Notifications" className="flex flex-col gap-3">
          {notifications.map((notification) => (
            <li key={notification.id}>
              <NotificationItem
                notification={notification}
                now={now}
                onMarkRead={onMarkRead}
                marking={markOne.isPending && markOne.variables === notification.id}
              />
            </li>
          ))}
        </ul>
      )}
      {inbox.hasNextPage && (
        <Button variant="secondary" className="self-center" onClick={() => void inbox.fetchNextPage()} disabled={inbox.isFetchingNextPage}>
          {inbox.isFetchingNextPage ? 'Loading…' : 'Load more'}
        </Button>
      )}
      {inbox.isFetchNextPageError && <Alert>{errorText(inbox.error)}</Alert>}
    </div>
  );
}
