import { useParams } from 'react-router';
import { Alert } from '../../components/ui/alert';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { useFeedbackItem } from './api/feedback-item';
import { useReplyToFeedback } from './api/reply-feedback';
import { FeedbackItemFrame, FeedbackSummary, FeedbackThread } from './feedback-parts';
import { useLiveFeedback } from './use-live-feedback';
import { ReplyForm } from './reply-form';
import { paths } from '../../lib/paths';

function FeedbackItem({ id }: { id: string }) {
  const item = useFeedbackItem(id);
  const reply = useReplyToFeedback(id);
  useLiveFeedback();
  if (item.isPending) return <p role="status">Loading your feedback…</p>;
  if (item.isError) return <Alert>{errorText(item.error)}</Alert>;
  return (
    <>
      <FeedbackSummary item={item.data} headingId="feedback-sent-heading" />
      <FeedbackThread
        entries={item.data.entries}
        readerIsAuthor
        headingId="feedback-thread-heading"
        empty="No reply yet. You are told in your inbox and by email when the team answers or changes the status."
      />
      <ReplyForm label="Your reply" hint="Add details or answer the team; they read it in their triage list." onSend={(body) => reply.mutateAsync(body)} />
    </>
  );
}

/** /feedback-loop/:id: one of the user's own feedback, its status and its thread, where they answer. */
export default function FeedbackItemPage() {
  useDocumentTitle('Your Feedback');
  const { id = '' } = useParams();
  return (
    <FeedbackItemFrame back={paths.feedbackLoop} backLabel="Feedback Loop" title="Your feedback">
      <FeedbackItem key={id} id={id} />
    </FeedbackItemFrame>
  );
}
