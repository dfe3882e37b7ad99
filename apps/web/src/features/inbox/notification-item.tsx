import { Check } from 'lucide-react';
import { Link } from 'react-router';
import type { Notification } from '@ridgeline/shared/contracts/chat';
import { Button } from '../../components/ui/button';
import { cn } from '../../lib/cn';
import { agoText } from '../../lib/relative-time';
import { fullTimeText, isAppPath } from './inbox-words';

type NotificationItemProps = {
  notification: Notification;
  now: Date;
  /** Marks it read: from its button, and when its link is opened while it is unread. */
  onMarkRead: (notification: Notification) => void;
  marking: boolean;
};

/**
 * One notification: an unread one has a dot, a bold title and "Unread" for screen readers; its title
 * opens the link (marking it read on the way) and "Mark as read" marks it without leaving the inbox.
 */
export function NotificationItem({ notification, now, onMarkRead, marking }: NotificationItemProps) {
  const unread = notification.readAt === null;
  const titleId = `notification-${notification.id}`;
  const openLink = () => {
    if (unread) onMarkRead(notification);
  };
  return (
    <article
      aria-labelledby={titleId}
      className={cn('flex gap-3 rounded-lg border p-3 sm:p-4', unread ? 'border-blue-200 bg-blue-50' : 'border-slate-200 bg-white')}
    >
      <span aria-hidden="true" className={cn('mt-4 size-2.5 shrink-0 rounded-full', unread ? 'bg-blue-700' : 'bg-transparent')} />
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <h2 id={titleId} className={cn('text-base text-slate-900', unread ? 'font-semibold' : 'font-normal')}>
          {unread && <span className="sr-only">Unread: </span>}
          {isAppPath(notification.link) ? (
            <Link
              to={notification.link}
              onClick={openLink}
              className="inline-flex min-h-11 items-center break-words text-blue-900 underline-offset-2 hover:underline"
            >
              {notification.title}
            </Link>
          ) : (
            <span className="inline-flex min-h-11 items-center break-words">{notification.title}</span>
          )}
        </h2>
        {notification.body && <p className="break-words text-slate-800">{notification.body}</p>}
        <p className="text-sm text-slate-700">
          {notification.actorName && <span>{notification.actorName} · </span>}
          <time dateTime={notification.createdAt} title={fullTimeText(notification.createdAt)}>
            {agoText(notification.createdAt, now)}
          </time>
        </p>
        {unread && (
          <div>
            <Button variant="secondary" className="mt-1 w-full sm:w-auto" onClick={() => onMarkRead(notification)} disabled={marking}>
              <Check aria-hidden="true" className="size-4" />
              Mark as read<span className="sr-only"> “{notification.title}”</span>
            </Button>
          </div>
        )}
      </div>
    </article>
  );
}
