import { MessageSquare } from 'lucide-react';
import { Link } from 'react-router';
import { PageHeader } from '../../components/page-header';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { buttonVariants } from '../../components/ui/button-variants';
import { EmptyState } from '../../components/ui/empty-state';
import { useDocumentTitle } from '../../components/use-document-title';
import { formatDate } from '../../lib/dates';
import { errorText } from '../../lib/error-text';
import { useMyFeedback } from './api/my-feedback';
import { FeedbackCard } from './feedback-parts';
import { useLiveFeedback } from './use-live-feedback';
import { repliesText } from './feedback-words';
import { paths } from '../../lib/paths';

/** /feedback-loop: the user's own feedback, last changed first, each with its status and where its thread stands. */
export default function FeedbackLoopPage() {
  useDocumentTitle('Feedback Loop');
  const mine = useMyFeedback();
  useLiveFeedback();
  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-5">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <PageHeader title="Feedback Loop">The feedback you sent, where it stands, and the Ridgeline team&apos;s replies.</PageHeader>
        <Link to={paths.feedback} className={buttonVariants({ className: 'w-full shrink-0 sm:w-auto' })}>
          Send feedback
        </Link>
      </div>
      {mine.isPending && <p role="status">Loading your feedback…</p>}
      {mine.isError && <Alert>{errorText(mine.error)}</Alert>}
      {mine.data?.items.length === 0 && (
        <EmptyState icon={<MessageSquare aria-hidden="true" className="size-8 text-slate-500" />} title="No feedback yet">
          <p>When you send feedback, it shows up here with its status and every reply.</p>
        </EmptyState>
      )}
      {mine.data && mine.data.items.length > 0 && (
        <ul aria-label="Your feedback" className="flex flex-col gap-3">
          {mine.data.items.map((item) => (
            <li key={item.id}>
              <FeedbackCard
                item={item}
                to={paths.feedbackItem(item.id)}
                facts={
                  <>
                    <span>
                      Sent <time dateTime={item.createdAt}>{formatDate(item.createdAt)}</time>
                    </span>
                    {item.page && <span className="break-all">About {item.page}</span>}
                    <span>{repliesText(item.replyCount)}</span>
                    {item.lastReplyBy === 'team' && <Badge tone="info">The team replied</Badge>}
                  </>
                }
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
